/**
 * The validating scan of one file: every record parsed (strict field count and quoting) and its
 * values checked by the adapter (`_error`). A bad row is quarantined, not fatal: the file's view
 * then leaves it out. What stops the night: more bad rows than INGEST_MAX_BAD_ROWS in one file
 * (the error names the top reasons), and faults of the file itself (a cut last record; a missing
 * column or an HTML page are refused when the file is bound).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from '../context.ts';
import { splitCsvLine } from '../csv-lines.ts';
import { duckRows, lit } from '../duck.ts';
import { InputError } from '../errors.ts';
import { acceptedRecordNumbers, recordsAt } from './records.ts';
import { defineFileViews, rejectsTable, type Exclude, type Source } from './views.ts';

/** One quarantined row: where it is, why, and its text as written. */
export interface BadRow {
  file: string;
  dataset: string;
  line: number;
  reason: string;
  raw: string;
}

export interface ScanResult {
  /** Rows the file's view serves (bad rows left out). */
  rows: number;
  bad: BadRow[];
  /** What the role's view must leave out of this file. */
  exclude: Exclude;
  /** Record numbers the parser skipped (wrong field count, broken quote), ascending. */
  rejected: number[];
}

/** The dataset a file is, for the quarantine: its id when known, else its layout. */
const datasetLabel = (src: Source): string => src.binding.dataset ?? src.adapter.label;

/** The tail of a file: a last record without its line end must still be whole. */
function checkNotCut(src: Source): void {
  const size = fs.statSync(src.file).size;
  if (size === 0) return;
  const fd = fs.openSync(src.file, 'r');
  try {
    const n = Math.min(size, 1 << 16);
    const buf = Buffer.alloc(n);
    fs.readSync(fd, buf, 0, n, size - n);
    if (buf[n - 1] === 0x0a) return;
    const text = buf.toString(src.encoding === 'utf-8' ? 'utf8' : 'latin1');
    const last = text.slice(text.lastIndexOf('\n') + 1).replace(/\r$/, '');
    const width = src.binding.header?.length ?? src.adapter.columns.length;
    const quotes = (last.match(/"/g) ?? []).length;
    const fields = splitCsvLine(last).length;
    if (quotes % 2 === 1 || fields !== width) {
      throw new InputError(path.basename(src.file), null, `is cut: its last record ends mid-line (${fields} of ${width} fields)`);
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** DuckDB's reason for a skipped record, in the words of the other messages. */
function rejectReason(type: string, message: string): string {
  const cols = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
  if (cols) return `expected ${cols[1]} fields, found ${cols[2]}`;
  if (/unterminated quote/i.test(message)) return 'a quoted field is not closed';
  return `${type.toLowerCase()}: ${message.split('\n')[0]}`.replace(/\.$/, '');
}

/** A reason without its values, to count reasons of the same kind ('DOCKET1 "…" is not a docket'). */
const reasonKind = (reason: string) => reason.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');

/** Runs `fn` with rows numbered in file order (row_number() OVER () over a serial scan). */
export async function inFileOrder<T>(ctx: RunContext, fn: () => Promise<T>): Promise<T> {
  await ctx.duck.run('SET preserve_insertion_order = true');
  try {
    return await fn();
  } finally {
    await ctx.duck.run('SET preserve_insertion_order = false');
  }
}

interface Counts {
  n: number;
  bad: number;
  dups: number;
}

/**
 * Scans `src` through its views in `schema` (defined here). The census also must not repeat a
 * DOT: a repeated one is quarantined and the first row kept (a cleaned table, `<view>_clean`).
 */
export async function scanFile(ctx: RunContext, schema: string, src: Source): Promise<ScanResult> {
  const base = path.basename(src.file);
  const view = `${schema}.${src.view}`;
  const rejects = rejectsTable(schema, src.view);
  const census = src.adapter.role === 'census';
  checkNotCut(src);
  await defineFileViews(ctx.duck, schema, src, false);
  await ctx.duck.run(`DROP TABLE IF EXISTS temp.${rejects}; DROP TABLE IF EXISTS temp.${rejects}_scan`);
  const dups = census ? 'count(dot_number) FILTER (_error IS NULL) - count(DISTINCT dot_number) FILTER (_error IS NULL)' : '0';
  const [counts] = await progressOf(ctx, () =>
    duckRows<Counts>(ctx.duck, `SELECT count(*) AS n, count(_error) AS bad, ${dups} AS dups FROM ${view}`),
  );
  const [{ noted }] = await duckRows<{ noted: number }>(
    ctx.duck,
    `SELECT count(*) AS noted FROM duckdb_tables() WHERE database_name = 'temp' AND table_name = ${lit(rejects)}`,
  );
  const skipped = noted
    ? await duckRows<{ record: number; type: string; message: string }>(
        ctx.duck,
        // DuckDB notes a short record once per missing column: its first note says it all.
        `SELECT line AS record, arg_min(error_type, column_idx) AS type, arg_min(error_message, column_idx) AS message
         FROM temp.${rejects} GROUP BY line ORDER BY record`,
      )
    : [];
  if (counts.bad === 0 && counts.dups === 0 && skipped.length === 0) return { rows: counts.n, bad: [], exclude: 'none', rejected: [] };

  const max = ctx.config.ingestMaxBadRows;
  // The bad rows by accepted record number (file order), at most one more than may pass.
  let valueErrors: { _row: number; reason: string; first: number | null }[] = [];
  let clean: string | null = null;
  if (counts.bad > 0 || counts.dups > 0) {
    await defineFileViews(ctx.duck, schema, src, true);
    valueErrors = await inFileOrder(ctx, async () => {
      if (counts.dups > 0) {
        // The census without its bad rows, and of a repeated DOT its first row only.
        clean = `${schema}.${src.view}_clean`;
        await ctx.duck.run(
          `CREATE OR REPLACE TABLE ${clean} AS SELECT * FROM ${view} WHERE _error IS NULL
           QUALIFY row_number() OVER (PARTITION BY dot_number ORDER BY _row) = 1`,
        );
      }
      return duckRows<{ _row: number; reason: string; first: number | null }>(
        ctx.duck,
        `SELECT _row, reason, first FROM (
           SELECT _row, _error AS reason, NULL AS first FROM ${view} WHERE _error IS NOT NULL
           ${
             counts.dups > 0
               ? `UNION ALL
                  SELECT _row, 'duplicate DOT_NUMBER ' || dot_number, first FROM (
                    SELECT _row, dot_number, min(_row) OVER (PARTITION BY dot_number) AS first
                    FROM ${view} WHERE _error IS NULL AND dot_number IS NOT NULL
                  ) WHERE _row > first`
               : ''
           }
         ) ORDER BY _row LIMIT ${max + 1}`,
      );
    });
    await defineFileViews(ctx.duck, schema, src, false);
  }
  const header = src.binding.header !== null;
  const rejected = skipped.map((s) => s.record);
  const records = acceptedRecordNumbers(valueErrors.map((e) => e._row), rejected, header);
  const firsts = acceptedRecordNumbers(valueErrors.map((e) => e.first ?? 1), rejected, header);
  const found = [
    ...skipped.map((s) => ({ record: s.record, reason: rejectReason(s.type, s.message), first: null as number | null })),
    ...valueErrors.map((e, i) => ({ record: records[i], reason: e.reason, first: e.first === null ? null : firsts[i] })),
  ].sort((a, b) => a.record - b.record);
  const total = skipped.length + counts.bad + counts.dups;
  const kept = found.slice(0, max + 1);
  const at = await recordsAt(src.file, kept.flatMap((f) => (f.first === null ? [f.record] : [f.record, f.first])));
  const bad = kept.map((f) => ({
    file: base,
    dataset: datasetLabel(src),
    line: at.get(f.record)?.line ?? f.record,
    // A repeated DOT names the line of its first row.
    reason: f.first === null ? f.reason : `${f.reason} (first on line ${at.get(f.first)?.line ?? f.first})`,
    raw: at.get(f.record)?.text ?? '',
  }));
  if (total > max) {
    const kinds = new Map<string, { n: number; example: string }>();
    for (const f of bad) {
      const k = reasonKind(f.reason);
      const e = kinds.get(k) ?? { n: 0, example: f.reason };
      e.n++;
      kinds.set(k, e);
    }
    const top = [...kinds.values()].sort((a, b) => b.n - a.n).slice(0, 3);
    const reasons = top.map((k) => `${k.n.toLocaleString('en-US')} × ${k.example}`).join('; ');
    throw new InputError(
      base,
      bad[0]?.line ?? null,
      `${total.toLocaleString('en-US')} bad rows, more than INGEST_MAX_BAD_ROWS (${max}); most common in the first ${bad.length}: ${reasons}`,
    );
  }
  const rows = counts.n - counts.bad - counts.dups;
  return { rows, bad: bad.slice(0, max), exclude: clean ? { table: clean } : 'bad', rejected };
}

/** Drives the progress display from DuckDB's own estimate while `fn` runs. */
async function progressOf<T>(ctx: RunContext, fn: () => Promise<T>): Promise<T> {
  ctx.progress.update(0, 100);
  const timer = setInterval(() => {
    const p = ctx.duck.progress.percentage;
    if (p >= 0) ctx.progress.update(p, 100);
  }, 250);
  try {
    return await fn();
  } finally {
    clearInterval(timer);
  }
}
