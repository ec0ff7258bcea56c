/**
 * Moving rows between DuckDB and PostgreSQL as CSV files: DuckDB writes or reads a file (fast,
 * parallel), which is streamed into `COPY ... FROM STDIN` or out of `COPY ... TO STDOUT` with
 * pg-copy-streams. The pipeline's load steps and the search build both move rows this way. NULL
 * is an unquoted empty field and '' a quoted one on both sides, so the distinction survives.
 *
 * The CSV's delimiter and quote are the control characters 0x1F and 0x01 (both ends agree), not
 * ',' and '"': a field is quoted only when it holds one of them (or a line break), which registry
 * text and JSON rarely do, so the double quotes of the JSON columns are written as they are
 * instead of doubled inside a quoted field: smaller files, less for COPY to parse. A field that
 * does hold one is quoted, and comes back as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

const DELIMITER = '\x1f';
const QUOTE = '\x01';
/** The dialect as PostgreSQL's COPY options. */
const PG_CSV = `FORMAT csv, DELIMITER E'\\x1f', QUOTE E'\\x01', ESCAPE E'\\x01'`;

/** A single-quoted SQL string literal. */
const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Streams a CSV file into `COPY <target> FROM STDIN`; returns the rows copied. */
export async function copyFileToPg(
  client: pg.PoolClient,
  file: string,
  target: string,
  onBytes?: (done: number, total: number) => void,
): Promise<number> {
  const total = fs.statSync(file).size;
  let done = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      done += chunk.length;
      onBytes?.(done, total);
      cb(null, chunk);
    },
  });
  const sink = client.query(copyFrom(`COPY ${target} FROM STDIN (${PG_CSV})`));
  await pipeline(fs.createReadStream(file, { highWaterMark: 1 << 20 }), meter, sink);
  return Number(sink.rowCount ?? 0);
}

/** Writes the rows of a PostgreSQL query (no parameters: COPY takes none) to a CSV file. */
export async function copyPgToFile(client: pg.PoolClient, query: string, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await pipeline(client.query(copyTo(`COPY (${query}) TO STDOUT (${PG_CSV})`)), fs.createWriteStream(file));
}

/** Writes the result of a DuckDB SELECT to a headerless CSV file. */
export async function duckToCsvFile(conn: DuckDBConnection, select: string, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await conn.run(`COPY (${select}) TO ${lit(file)} (FORMAT csv, HEADER false, DELIMITER ${lit(DELIMITER)}, QUOTE ${lit(QUOTE)}, ESCAPE ${lit(QUOTE)})`);
}

/**
 * DuckDB's read_csv of a file copyPgToFile wrote, with `columns` ({name: type}, in order). A
 * quoted empty field is '' (DuckDB would read it as NULL by default).
 */
export function duckReadCsv(file: string, columns: Record<string, string>): string {
  const cols = Object.entries(columns).map(([name, type]) => `${lit(name)}: ${lit(type)}`).join(', ');
  return `read_csv(${lit(file)}, delim = ${lit(DELIMITER)}, quote = ${lit(QUOTE)}, escape = ${lit(QUOTE)}, header = false, `
    + `auto_detect = false, allow_quoted_nulls = false, columns = {${cols}})`;
}

/** What copyDuckToPg needs of its caller (the pipeline's RunContext has it). */
interface CopyContext {
  duck: DuckDBConnection;
  /** A folder of the caller's for the CSV file, which is removed after the COPY. */
  tmpDir: string;
  progress: { start(label: string): void; update(done: number, total?: number): void; end(note?: string): void };
}

/**
 * Copies a DuckDB SELECT into a PostgreSQL table in the caller's transaction. `table` may carry
 * a column list: `carriers (dot_number, ...)`.
 */
export async function copyDuckToPg(
  ctx: CopyContext,
  client: pg.PoolClient,
  opts: { select: string; table: string; label?: string },
): Promise<number> {
  const name = (opts.label ?? opts.table.split(/[\s(]/)[0]).replace(/[^\w-]/g, '_');
  const file = path.join(ctx.tmpDir, `${name}.csv`);
  try {
    ctx.progress.start(`load ${name}`);
    await duckToCsvFile(ctx.duck, opts.select, file);
    const rows = await copyFileToPg(client, file, opts.table, (done, total) => ctx.progress.update(done, total));
    ctx.progress.end(`${rows.toLocaleString('en-US')} rows`);
    return rows;
  } finally {
    fs.rmSync(file, { force: true });
  }
}
