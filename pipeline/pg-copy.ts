/**
 * The pipeline's moves from DuckDB to PostgreSQL, in the CSV dialect of lib/csv-copy.ts: a DuckDB
 * query into a table inside the caller's transaction (the load's steps).
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { copyFileToPg, duckToCsvFile } from '../lib/csv-copy.ts';
import type { RunContext } from './context.ts';

/** Writes the result of a DuckDB SELECT to a headerless CSV file (lib/csv-copy.ts). */
export const duckToCsv = (ctx: RunContext, select: string, file: string): Promise<void> => duckToCsvFile(ctx.duck, select, file);

/**
 * Copies a DuckDB SELECT into a PostgreSQL table in the caller's transaction. `table` may carry
 * a column list: `carriers (dot_number, ...)`. For the load's steps too.
 */
export async function copyDuckToPg(
  ctx: RunContext,
  client: pg.PoolClient,
  opts: { select: string; table: string; label?: string },
): Promise<number> {
  const name = (opts.label ?? opts.table.split(/[\s(]/)[0]).replace(/[^\w-]/g, '_');
  const file = path.join(ctx.tmpDir, `${name}.csv`);
  try {
    ctx.progress.start(`load ${name}`);
    await duckToCsv(ctx, opts.select, file);
    const rows = await copyFileToPg(client, file, opts.table, (done, total) => ctx.progress.update(done, total));
    ctx.progress.end(`${rows.toLocaleString('en-US')} rows`);
    return rows;
  } finally {
    fs.rmSync(file, { force: true });
  }
}
