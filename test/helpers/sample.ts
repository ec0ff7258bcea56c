/**
 * A synthetic registry loaded into a test database through the real pipeline CLI (child
 * processes, as in production). Dumps are generated once per parameter set and test run, and reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPipelineCli } from '../../lib/pipeline-process.ts';
import type { TestDatabase } from './db.ts';

export interface Sample {
  dumps: string;
  days: string[];
  duckdb: string;
}

export async function synthDumps(carriers: number, days: number, seed: number): Promise<string> {
  const dir = path.join(os.tmpdir(), `carrier-test-dumps-${carriers}x${days}-s${seed}`);
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  const tmp = `${dir}.${process.pid}.${Date.now()}`;
  await runPipelineCli(['synth', '--carriers', String(carriers), '--days', String(days), '--seed', String(seed), '--start', '2026-10-01', '--out', tmp]);
  fs.writeFileSync(path.join(tmp, '.complete'), '');
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // another worker won the race: same bytes
  }
  return dir;
}

/** Generates (or reuses) the dumps and runs the pipeline over `days` of them into `db`. */
export async function loadSample(db: TestDatabase, opts: { carriers?: number; days?: number; seed?: number; load?: number } = {}): Promise<Sample> {
  const { carriers = 1500, days = 2, seed = 11 } = opts;
  const dumps = await synthDumps(carriers, days, seed);
  const dayDirs = fs.readdirSync(dumps).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  const duckdb = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-test-duck-')), 'pipeline.duckdb');
  for (const day of dayDirs.slice(0, opts.load ?? dayDirs.length)) {
    await runPipelineCli(['run', '--input', path.join(dumps, day)], { DATABASE_URL: db.url, DUCKDB_PATH: duckdb, LOG_LEVEL: 'warn' });
  }
  return { dumps, days: dayDirs, duckdb };
}
