/**
 * Rows of a query as raw bytes: `COPY (<query>) TO STDOUT (FORMAT binary)`. The pg driver decodes
 * every value it receives into a JS string, which a handler passing the value on as it is (stored
 * JSON) must then encode again: for an answer made of large stored values (bulk-by-MC's), a large
 * share of the request's CPU spent on nothing. A COPY's rows arrive as the bytes PostgreSQL sent
 * (text columns in UTF-8, the database's encoding). COPY takes no parameters: callers put their
 * values into the text.
 */
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** A row of a binary COPY: each field's bytes as sent (text: UTF-8), or null. */
export type CopyRow = (Buffer | null)[];

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Where a row's fields lie in the output: field i is [start[i], end[i]), or null when start[i] is -1. */
export interface RowSpans {
  count: number;
  start: Int32Array;
  end: Int32Array;
}

/**
 * Visits each row of the whole output of a `COPY ... TO STDOUT (FORMAT binary)` (PostgreSQL's
 * documented format) without copying or slicing it: `spans` is reused from row to row. A caller
 * that takes a few fields of many rows (bulk-by-MC's 500) skips a Buffer for every other field.
 */
export function eachBinaryCopyRow(buf: Buffer, visit: (spans: RowSpans) => void): void {
  const fail = (what: string): never => {
    throw new Error(`binary COPY output: ${what}`);
  };
  if (buf.length < 19 || !buf.subarray(0, 11).equals(SIGNATURE)) fail('no PGCOPY header');
  if (buf.readInt32BE(11) & (1 << 16)) fail('rows carry OIDs');
  let at = 19 + buf.readInt32BE(15); // after the header extension
  const need = (n: number) => {
    if (at + n > buf.length) fail(`truncated at byte ${at}`);
  };
  const spans: RowSpans = { count: 0, start: new Int32Array(16), end: new Int32Array(16) };
  for (;;) {
    need(2);
    const fields = buf.readInt16BE(at);
    at += 2;
    if (fields === -1) break; // the trailer
    if (fields > spans.start.length) Object.assign(spans, { start: new Int32Array(fields), end: new Int32Array(fields) });
    spans.count = fields;
    for (let i = 0; i < fields; i++) {
      need(4);
      const len = buf.readInt32BE(at);
      at += 4;
      if (len === -1) {
        spans.start[i] = -1;
        continue;
      }
      need(len);
      spans.start[i] = at;
      spans.end[i] = at + len;
      at += len;
    }
    visit(spans);
  }
  if (at !== buf.length) fail(`${buf.length - at} bytes after the trailer`);
}

/** The rows of the whole output of a binary COPY, each field's bytes a view of `buf`. */
export function parseBinaryCopy(buf: Buffer): CopyRow[] {
  const rows: CopyRow[] = [];
  eachBinaryCopyRow(buf, ({ count, start, end }) => {
    const row: CopyRow = [];
    for (let i = 0; i < count; i++) row.push(start[i] === -1 ? null : buf.subarray(start[i], end[i]));
    rows.push(row);
  });
  return rows;
}

/** Runs `COPY (<query>) TO STDOUT (FORMAT binary)` on a client of `pool`; its whole output. */
export async function copyOut(pool: pg.Pool, query: string): Promise<Buffer> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    const parts: Buffer[] = [];
    for await (const part of client.query(copyTo(`COPY (${query}) TO STDOUT (FORMAT binary)`))) parts.push(part as Buffer);
    return Buffer.concat(parts);
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // A client whose COPY failed half-way may be mid-protocol: the pool drops it.
    client.release(failed);
  }
}

/** `copyOut`'s rows, each field's bytes as sent. */
export async function copyOutRows(pool: pg.Pool, query: string): Promise<CopyRow[]> {
  return parseBinaryCopy(await copyOut(pool, query));
}

/** A text[] literal of digit strings (MC or DOT numbers), for a statement that takes no parameters. */
export function digitsArrayLiteral(values: readonly string[]): string {
  for (const v of values) if (!/^\d+$/.test(v)) throw new Error(`not a string of digits: ${JSON.stringify(v)}`);
  return `'{${values.join(',')}}'::text[]`;
}
