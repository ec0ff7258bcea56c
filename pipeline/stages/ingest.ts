/**
 * ingest: every file of the day folder into this run's DuckDB schema as two views per role —
 * <role>_src (the file, VARCHAR columns, read_csv strict) and <role> (normalised by the file's
 * adapter: census, li_carrier, ...) — after one validating scan of every record. Any bad input
 * stops the run with the file and line. The snapshot stage reads each file once more through the
 * views and materialises the result; writing the normalised files as tables too would cost as
 * much as parsing them again. Rerunning replaces the views.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADAPTERS, detectAdapter, ROLE_FILES, type Adapter, type Role } from '../adapters/index.ts';
import type { RunContext } from '../context.ts';
import { isUtf8File, lineOfRecord, readFirstLine } from '../csv-lines.ts';
import { duckRows, duckSql, lit } from '../duck.ts';
import { InputError } from '../errors.ts';
import type { Stage, StageResult } from './types.ts';

const IGNORED = new Set(['manifest.json']);

interface Source {
  file: string;
  adapter: Adapter;
  empty: boolean;
}

/** Finds the adapter of every file; every role must be present exactly once. */
export function planSources(dir: string): Source[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new InputError(dir, null, 'is not a directory');
  const byRole = new Map<Role, Source>();
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (IGNORED.has(name) || name.startsWith('.') || !fs.statSync(file).isFile()) continue;
    const empty = fs.statSync(file).size === 0;
    let adapter: Adapter | null;
    if (empty) {
      // An empty header-less file can only be recognised by its name; a headed one is broken.
      const role = (Object.keys(ROLE_FILES) as Role[]).find((r) => ROLE_FILES[r] === name);
      const own = ADAPTERS.filter((a) => a.role === role);
      if (own.length === 0) continue;
      if (own.some((a) => a.header)) throw new InputError(name, null, 'is empty (expected a header row)');
      adapter = own[0];
    } else {
      adapter = detectAdapter(name, readFirstLine(file));
    }
    if (!adapter) continue;
    const seen = byRole.get(adapter.role);
    if (seen) {
      throw new InputError(name, null, `is a second ${adapter.role} file (${path.basename(seen.file)} is one already)`);
    }
    byRole.set(adapter.role, { file, adapter, empty });
  }
  for (const role of Object.keys(ROLE_FILES) as Role[]) {
    if (!byRole.has(role)) {
      const layouts = ADAPTERS.filter((a) => a.role === role).map((a) => a.label).join(' or ');
      throw new InputError(ROLE_FILES[role], null, `missing required file in ${dir} (${layouts})`);
    }
  }
  return [...byRole.values()];
}

/** DuckDB's CSV error as "line N: what": the count of columns, a quote, an encoding. */
export function csvErrorOf(file: string, err: unknown): InputError {
  const message = err instanceof Error ? err.message : String(err);
  const lineMatch = /CSV Error on Line: (\d+)/.exec(message);
  const line = lineMatch ? Number(lineMatch[1]) : null;
  const cols = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
  let detail: string;
  if (cols) detail = `expected ${cols[1]} columns, found ${cols[2]}`;
  else {
    const lines = message.split('\n').map((l) => l.trim());
    const after = lines.findIndex((l) => l.startsWith('Original Line'));
    detail = (after >= 0 ? lines.slice(after + 1).find((l) => l !== '') : undefined) ?? lines[0];
    detail = detail.replace(/\.$/, '');
  }
  return new InputError(path.basename(file), line, detail);
}

type Encoding = 'utf-8' | 'latin-1';

/**
 * Defines the file's raw view (<role>_src) and its adapter's normalised view (<role>). Nothing is
 * read yet: the validating scan (scanOne) and the snapshot stage read through these.
 * `numbered` fills `_row` with record numbers (file order, a serial scan): only after a problem
 * was found, to name its line.
 */
async function defineViews(ctx: RunContext, src: Source, encoding: Encoding, numbered: boolean): Promise<void> {
  const { adapter } = src;
  let raw: string;
  if (src.empty) {
    const cols = adapter.columns.map((c) => `NULL::VARCHAR AS "${c}"`).join(', ');
    raw = `CREATE OR REPLACE VIEW ${ctx.schema}.${adapter.role}_src AS SELECT NULL::BIGINT AS _row, ${cols} WHERE false;`;
  } else {
    raw = duckSql('ingest_source', {
      schema: ctx.schema,
      role: adapter.role,
      path: lit(src.file),
      columns: `{${adapter.columns.map((c) => `${lit(c)}: 'VARCHAR'`).join(', ')}}`,
      header: String(adapter.header),
      encoding: lit(encoding),
      row: numbered ? 'row_number() OVER ()' : 'NULL::BIGINT',
    });
  }
  await ctx.duck.run(raw + duckSql(`adapters/${adapter.name}`, { schema: ctx.schema }));
}

interface ScanStats {
  n: number;
  bad: number;
  /** census only: rows whose DOT repeats an earlier row's. */
  dups: number;
}

/**
 * The one full read of a file at ingest: parses every record (strict column count and quoting)
 * and evaluates the checks. Only the columns the checks use are normalised (DuckDB prunes the rest).
 */
async function scanOne(ctx: RunContext, src: Source): Promise<ScanStats> {
  const view = `${ctx.schema}.${src.adapter.role}`;
  const dups = src.adapter.role === 'census' ? 'count(*) - count(DISTINCT dot_number)' : '0';
  let stats: ScanStats | undefined;
  ctx.progress.update(0, 100);
  const timer = setInterval(() => {
    const p = ctx.duck.progress.percentage;
    if (p >= 0) ctx.progress.update(p, 100);
  }, 250);
  try {
    [stats] = await duckRows<ScanStats>(ctx.duck, `SELECT count(*) AS n, count(_error) AS bad, ${dups} AS dups FROM ${view}`);
  } finally {
    clearInterval(timer);
  }
  return stats!;
}

/** Runs `fn` with insertion order preserved (row_number() OVER () in file order). */
async function inFileOrder<T>(ctx: RunContext, fn: () => Promise<T>): Promise<T> {
  await ctx.duck.run('SET preserve_insertion_order = true');
  try {
    return await fn();
  } finally {
    await ctx.duck.run('SET preserve_insertion_order = false');
  }
}

/** The physical line of record `row` (1 = first data record). */
const lineOf = (src: Source, row: number) => lineOfRecord(src.file, row + (src.adapter.header ? 1 : 0));

async function ingestOne(ctx: RunContext, src: Source): Promise<number> {
  const { adapter, file } = src;
  const base = path.basename(file);
  const view = `${ctx.schema}.${adapter.role}`;
  ctx.progress.start(`ingest ${base} (${adapter.name})`);
  // DuckDB checks the encoding only of the columns a query reads, so it is settled up front.
  // Not UTF-8: every byte is a valid Latin-1 character, the encoding of older FMCSA exports.
  const encoding: Encoding = src.empty || (await isUtf8File(file)) ? 'utf-8' : 'latin-1';
  if (encoding === 'latin-1') ctx.logger.warn({ file: base }, 'file is not UTF-8; reading it as Latin-1');
  let stats: ScanStats;
  try {
    await defineViews(ctx, src, encoding, false);
    stats = await scanOne(ctx, src);
  } catch (err) {
    if (/CSV Error/i.test(String(err))) throw csvErrorOf(file, err);
    throw err;
  }
  if (stats.bad > 0) {
    await defineViews(ctx, src, encoding, true);
    const [first] = await inFileOrder(ctx, () =>
      duckRows<{ _row: number; _error: string }>(
        ctx.duck,
        `SELECT _row, _error FROM ${view} WHERE _error IS NOT NULL ORDER BY _row LIMIT 1`,
      ),
    );
    throw new InputError(base, await lineOf(src, first._row), first._error);
  }
  if (adapter.role === 'census') {
    // The census is the list of carriers: it must have rows, and one per DOT.
    if (stats.n === 0) throw new InputError(base, null, 'has no data rows');
    if (stats.dups > 0) {
      await defineViews(ctx, src, encoding, true);
      const [dup] = await inFileOrder(ctx, () =>
        duckRows<{ dot_number: string; first: number; second: number }>(
          ctx.duck,
          `SELECT dot_number, min(_row) AS first, list(_row ORDER BY _row)[2] AS second
           FROM ${view} GROUP BY dot_number HAVING count(*) > 1 ORDER BY second LIMIT 1`,
        ),
      );
      throw new InputError(
        base,
        await lineOf(src, dup.second),
        `duplicate DOT_NUMBER ${dup.dot_number} (first on line ${await lineOf(src, dup.first)})`,
      );
    }
  }
  ctx.progress.end(`${stats.n.toLocaleString('en-US')} rows`);
  return stats.n;
}

export const ingest: Stage = {
  name: 'ingest',
  async run(ctx): Promise<StageResult> {
    const sources = planSources(ctx.inputDir);
    await ctx.duck.run(`CREATE SCHEMA IF NOT EXISTS ${ctx.schema}`);
    const files: Record<string, { adapter: string; rows: number; ms: number }> = {};
    let total = 0;
    for (const src of sources) {
      const started = Date.now();
      const rows = await ingestOne(ctx, src);
      files[path.basename(src.file)] = { adapter: src.adapter.name, rows, ms: Date.now() - started };
      total += rows;
    }
    ctx.logger.info({ files }, 'ingested');
    return { rows: total, detail: { files } };
  },
};
