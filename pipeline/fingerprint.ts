/**
 * A hash of source files (a directory: every file in it), stored with a stage's output so that a
 * later run reuses that output only when the code that made it is the same.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ROOT } from '../lib/config.ts';
import { duckRows, duckTableExists, lit } from './duck.ts';

const memo = new Map<string, string>();

/** sha256 over the names and contents of `sources` (paths from the repository root). */
function fingerprintOf(sources: string[]): string {
  const key = sources.join('\0');
  let hex = memo.get(key);
  if (hex === undefined) {
    const hash = crypto.createHash('sha256');
    const files = sources.flatMap((p) => {
      const full = path.join(ROOT, p);
      return fs.statSync(full).isDirectory() ? fs.readdirSync(full).sort().map((f) => path.join(p, f)) : [p];
    });
    for (const f of files) hash.update(`${f}\0`).update(fs.readFileSync(path.join(ROOT, f))).update('\0');
    hex = hash.digest('hex');
    memo.set(key, hex);
  }
  return hex;
}

/** Stores the fingerprint of `sources` as the one-row table `schema.table`. */
export async function storeFingerprint(duck: DuckDBConnection, schema: string, table: string, sources: string[]): Promise<void> {
  await duck.run(`CREATE OR REPLACE TABLE ${schema}.${table} AS SELECT ${lit(fingerprintOf(sources))} AS fingerprint`);
}

/** Whether `schema.table` holds the fingerprint `sources` have now (false when it is missing). */
export async function sameFingerprint(duck: DuckDBConnection, schema: string, table: string, sources: string[]): Promise<boolean> {
  if (!(await duckTableExists(duck, schema, table))) return false;
  const [row] = await duckRows<{ fingerprint: string }>(duck, `SELECT fingerprint FROM ${schema}.${table}`);
  return row?.fingerprint === fingerprintOf(sources);
}
