/**
 * ingest: every file of the day folder into this run's DuckDB schema as two views per role —
 * <role>_src (the file, VARCHAR columns, read_csv strict) and <role> (normalised by the file's
 * adapter: census, li_carrier, ...) — and a validating scan of every record. Any bad input stops
 * the run with the file and line. The snapshot stage reads the files once more through the views
 * and materialises the result; writing the normalised files as tables too would cost as much as
 * parsing them again. Rerunning replaces the views.
 *
 * After a previous run, the scan and the snapshot's read cover only the input delta (pipeline/
 * input-delta.ts): the lines of the carriers whose lines changed, in delta files that the schema
 * r<run>_delta reads through the same adapters. A problem in the delta (or a quoted line break
 * splitting a record) sends the run down the full path, whose scan names the file's own line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ADAPTERS, detectAdapter, ROLE_FILES, type Adapter, type Role } from '../adapters/index.ts';
import type { RunContext } from '../context.ts';
import { isUtf8File, lineOfRecord, readFirstLine } from '../csv-lines.ts';
import { duckRows, duckSql, lit } from '../duck.ts';
import { InputError } from '../errors.ts';
import { deltaSchema, dropDelta, inputDelta, type Delta, type Source } from '../input-delta.ts';
import type { Stage, StageResult } from './types.ts';

const IGNORED = new Set(['manifest.json']);

type Planned = Omit<Source, 'encoding'>;

/** Finds the adapter of every file; every role must be present exactly once. */
export function planSources(dir: string): Planned[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new InputError(dir, null, 'is not a directory');
  const byRole = new Map<Role, Planned>();
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

/**
 * Defines the file's raw view (<role>_src) and its adapter's normalised view (<role>). Nothing is
 * read yet: the validating scan (scanOne) and the snapshot stage read through these.
 * `numbered` fills `_row` with record numbers (file order, a serial scan): only after a problem
 * was found, to name its line.
 */
async function defineViews(ctx: RunContext, schema: string, src: Source, numbered: boolean): Promise<void> {
  const { adapter, encoding } = src;
  let raw: string;
  if (src.empty) {
    const cols = adapter.columns.map((c) => `NULL::VARCHAR AS "${c}"`).join(', ');
    raw = `CREATE OR REPLACE VIEW ${schema}.${adapter.role}_src AS SELECT NULL::BIGINT AS _row, ${cols} WHERE false;`;
  } else {
    raw = duckSql('ingest_source', {
      schema,
      role: adapter.role,
      path: lit(src.file),
      columns: `{${adapter.columns.map((c) => `${lit(c)}: 'VARCHAR'`).join(', ')}}`,
      header: String(adapter.header),
      encoding: lit(encoding),
      row: numbered ? 'row_number() OVER ()' : 'NULL::BIGINT',
    });
  }
  await ctx.duck.run(raw + duckSql(`adapters/${adapter.name}`, { schema }));
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
async function scanOne(ctx: RunContext, schema: string, src: Source): Promise<ScanStats> {
  const view = `${schema}.${src.adapter.role}`;
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

/** The file's encoding, read through in full (DuckDB checks it only in the columns a query reads). */
async function withEncoding(ctx: RunContext, src: Planned): Promise<Source> {
  // Not UTF-8: every byte is a valid Latin-1 character, the encoding of older FMCSA exports.
  const utf8 = src.empty || (await isUtf8File(src.file));
  if (!utf8) ctx.logger.warn({ file: path.basename(src.file) }, 'file is not UTF-8; reading it as Latin-1');
  return { ...src, encoding: utf8 ? 'utf-8' : 'latin-1' };
}

/** The full scan of one file: its views are defined; any problem is thrown with its line. */
async function ingestOne(ctx: RunContext, src: Source): Promise<number> {
  const { adapter, file } = src;
  const base = path.basename(file);
  const view = `${ctx.schema}.${adapter.role}`;
  ctx.progress.start(`ingest ${base} (${adapter.name})`);
  let stats: ScanStats;
  try {
    stats = await scanOne(ctx, ctx.schema, src);
  } catch (err) {
    if (/CSV Error/i.test(String(err))) throw csvErrorOf(file, err);
    throw err;
  }
  if (stats.bad > 0) {
    await defineViews(ctx, ctx.schema, src, true);
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
      await defineViews(ctx, ctx.schema, src, true);
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

/**
 * The scan of the delta files: whether every record parses and passes its checks, the census
 * has no duplicate DOT, and every record keys a carrier of the delta (the line pass found its
 * DOT field where the CSV parser does). False sends the run down the full path.
 */
async function deltaHolds(ctx: RunContext, delta: Delta): Promise<boolean> {
  const schema = deltaSchema(ctx.runId);
  await ctx.duck.run(`CREATE SCHEMA ${schema}`);
  ctx.progress.start(`ingest: the delta of ${delta.carriers.toLocaleString('en-US')} carriers against run ${delta.fromRun}`);
  let holds = true;
  try {
    for (const src of delta.sources) {
      await defineViews(ctx, schema, src, false);
      const stats = await scanOne(ctx, schema, src);
      const [{ stray }] = await duckRows<{ stray: number }>(
        ctx.duck,
        `SELECT count(*) AS stray FROM ${schema}.${src.adapter.role}
         WHERE coalesce(dot_number, '') NOT IN (SELECT dot_number FROM ${ctx.schema}.input_delta)`,
      );
      holds = stats.bad === 0 && stats.dups === 0 && stray === 0;
      if (!holds) break;
    }
  } catch (err) {
    if (!/CSV Error/i.test(String(err))) throw err;
    holds = false;
  }
  ctx.progress.end(holds ? 'holds' : 'does not hold');
  return holds;
}

export const ingest: Stage = {
  name: 'ingest',
  async run(ctx): Promise<StageResult> {
    const ms: Record<string, number> = {};
    const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        ms[step] = Math.round(performance.now() - started);
      }
    };
    const planned = planSources(ctx.inputDir);
    await ctx.duck.run(`CREATE SCHEMA IF NOT EXISTS ${ctx.schema}`);
    // UTF-8 unless the pass over every line finds a byte sequence that is not (DuckDB checks
    // every line it reads): then each file is checked, and one that is not UTF-8 read as Latin-1.
    let sources: Source[] = planned.map((p) => ({ ...p, encoding: 'utf-8' }));
    ctx.progress.start('ingest: every line, keyed by DOT');
    const delta = await timed('lines', async () => {
      try {
        return await inputDelta(ctx, sources);
      } catch (err) {
        if (!/not utf-8 encoded/i.test(String(err))) throw err;
        sources = [];
        for (const p of planned) sources.push(await withEncoding(ctx, p));
        return inputDelta(ctx, sources);
      }
    });
    ctx.progress.end(delta ? `a delta of ${delta.carriers.toLocaleString('en-US')} carriers` : 'no delta');
    for (const src of sources) await defineViews(ctx, ctx.schema, src, false);
    const files: Record<string, { adapter: string; rows: number; ms: number }> = {};
    const census = delta?.sources.find((s) => s.adapter.role === 'census');
    const held = await timed('delta_scan', async () => delta !== null && delta.lines.get(census!)! > 0 && deltaHolds(ctx, delta));
    if (held) {
      for (const [src, rows] of delta!.lines) files[path.basename(src.file)] = { adapter: src.adapter.name, rows, ms: 0 };
    } else {
      if (delta) {
        ctx.logger.warn({ from_run: delta.fromRun }, 'the input delta does not hold; scanning every file');
        await dropDelta(ctx);
      }
      await timed('scan', async () => {
        for (const src of sources) {
          const started = Date.now();
          const rows = await ingestOne(ctx, src);
          files[path.basename(src.file)] = { adapter: src.adapter.name, rows, ms: Date.now() - started };
        }
      });
    }
    const total = Object.values(files).reduce((n, f) => n + f.rows, 0);
    const deltaDetail = held ? { from_run: delta!.fromRun, carriers: delta!.carriers } : null;
    ctx.logger.info({ files, delta: deltaDetail, step_ms: ms }, 'ingested');
    return { rows: total, detail: { files, delta: deltaDetail, step_ms: ms } };
  },
};
