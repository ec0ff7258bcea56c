/**
 * The input delta: the lines of a day's dumps that belong to the carriers whose input moved since
 * the previous run, so that a nightly run validates and parses the few lines that changed instead
 * of all of them (the ingest stage's scan and the snapshot stage's read were most of a night).
 *
 * One pass reads every file as raw lines (no CSV parsing: a fraction of that cost) and keys each
 * line by its USDOT field, found by a quote-aware regex (sql/duckdb/input_lines.sql). Per key,
 * the sum of the lines' hashes is kept with the run (the `input` run file, line_sums). The keys
 * whose sum moved, and the carriers whose policies start or end, or whose revocation or
 * suspension orders take effect, between the two batch dates (the previous snapshot's
 * policy_events), are the delta; a second pass writes their lines into
 * delta files, one per dump file, which the schema r<run>_delta reads through the same adapters.
 *
 * Why it is sound: a line that did not change was valid in the previous run (validated there,
 * in full or in its delta), and keys it the same carrier; a carrier's snapshot row depends only
 * on its own lines and the batch date. A changed line lands in the delta whatever its key. The
 * full path runs instead when the previous run has no line sums or another snapshot model, when
 * a line holds the separator or a delta line is not a whole record (a quoted line break split
 * its record), or when the delta fails its strict parse or its key check. An unchanged record split across lines is harmless: its lines hash the same each night.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RunContext } from './context.ts';
import { duckRows, duckSql, duckTableExists, lit, recordedRun, runSchema } from './duck.ts';
import { sameFingerprint } from './fingerprint.ts';
import { hasRunFile, openRunFile, publishRunFile, runFilesDir } from './carried-tables.ts';
import type { BadRow } from './ingest/scan.ts';
import type { Source } from './ingest/views.ts';
import { previousRun, quarantineOf } from './etl-runs.ts';

/** Lines of files without a DOT column share this key; a change in them takes the full path. */
const NO_DOT = '#nodot';

/**
 * What the snapshot's tables are made by. A run carries the previous run's snapshot rows of
 * unchanged carriers, and uses its line sums, only while these are the same.
 */
export const SNAPSHOT_MODEL = [
  'sql/duckdb/snapshot.sql',
  'pipeline/ingest',
  'sql/duckdb/macros.sql',
  'sql/duckdb/ingest_source.sql',
  'sql/duckdb/input_read.sql',
  'sql/duckdb/input_lines.sql',
  'sql/duckdb/adapters',
  'pipeline/adapters',
  'data/state-centroids.csv',
];

/** The schema of a run's delta views (the adapters' views over the delta files). */
export const deltaSchema = (runId: number): string => `${runSchema(runId)}_delta`;

/** The folder of a run's delta files, beside its run files. */
export const deltaDir = (config: RunContext['config'], runId: number): string =>
  path.join(runFilesDir(config), `${runSchema(runId)}.delta`);

/**
 * A delta of more lines than this share of the day's (and than MIN_DELTA_CAP) takes the full path:
 * reading every file costs less then than carrying the delta's lines through Node (a layout
 * change, a mass update).
 */
const MAX_DELTA_SHARE = 0.1;
const MIN_DELTA_CAP = 10_000;

/** A control character that no line of a dump file should hold: the raw read's column separator. */
const SEP = lit('\u0001');

/**
 * group 1: the `n`-th field (1-based) of a CSV line as DuckDB's strict reader splits it: quoted
 * (spaces around the quotes allowed, "" inside), else anything up to the next comma (a quote
 * inside an unquoted field, 5'6", is a character).
 */
const FIELD = ' *"(?:[^"]|"")*" *|[^,]*';
const fieldRegex = (n: number): string => `^(?:(?:${FIELD}),){${n - 1}}(${FIELD})`;

/** The 1-based field position of a file's DOT column, or null when it has none (legacy Insur). */
const dotField = (src: Source): number | null => {
  const at = src.binding.positions.get('dot_number');
  return at === undefined ? null : at + 1;
};

function lineVars(src: Source, file: number): Record<string, string | number> {
  const read = duckSql('input_read', { path: lit(src.file), header: String(src.binding.header !== null), sep: SEP, encoding: lit(src.encoding) });
  const dot = dotField(src);
  return { file, role: lit(src.adapter.role), read, dot_field: lit(dot === null ? '' : fieldRegex(dot)) };
}

/**
 * The SELECT of every line of the day's files (input_lines.sql, one part per file), and of the
 * rows of other inputs the snapshot reads (`extra`: the Motus state, keyed by DOT; file < 0).
 */
function linesSelect(sources: Source[], extra: string[]): string {
  return [...sources.map((src, i) => duckSql('input_lines', lineVars(src, i))), ...extra].join('\nUNION ALL\n');
}

/**
 * Pass one against a previous run: temp tables input_lines (file, dot_number, h) and
 * line_sums_new (dot_number, h). Returns the lines per file, and whether a line holds the
 * separator (no delta then).
 */
async function readLines(ctx: RunContext, sources: Source[], extra: string[]): Promise<{ lines: Map<Source, number>; split: boolean }> {
  await ctx.duck.run(`CREATE OR REPLACE TEMP TABLE input_lines AS ${linesSelect(sources, extra)}`);
  await ctx.duck.run('CREATE OR REPLACE TEMP TABLE line_sums_new AS SELECT dot_number, sum(h) AS h FROM input_lines GROUP BY dot_number');
  const rows = await duckRows<{ file: number; n: number; split: boolean }>(
    ctx.duck,
    'SELECT file, count(*) AS n, bool_or(split) AS split FROM input_lines WHERE file >= 0 GROUP BY file',
  );
  const lines = new Map(sources.map((s) => [s, 0]));
  for (const r of rows) lines.set(sources[r.file], r.n);
  return { lines, split: rows.some((r) => r.split) };
}

/** The previous run when this run can take its delta against it. */
async function deltaBase(ctx: RunContext): Promise<number | null> {
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  if (!prev) return null;
  const id = prev.etl_run_id;
  if (!hasRunFile(ctx.config, id, 'input') || !hasRunFile(ctx.config, id, 'snapshot')) return null;
  if (!(await duckTableExists(ctx.duck, runSchema(id), 'policy_events'))) return null;
  return (await sameFingerprint(ctx.duck, runSchema(id), 'snapshot_model', SNAPSHOT_MODEL)) ? id : null;
}

/** Removes the run's delta (its tables, views and files): a run without one takes the full path. */
export async function dropDelta(ctx: RunContext): Promise<void> {
  await ctx.duck.run(`DROP SCHEMA IF EXISTS ${deltaSchema(ctx.runId)} CASCADE`);
  await ctx.duck.run(`DROP TABLE IF EXISTS ${ctx.schema}.input_delta; DROP TABLE IF EXISTS ${ctx.schema}.input_delta_run`);
  fs.rmSync(deltaDir(ctx.config, ctx.runId), { recursive: true, force: true });
}

/** Whether a file's lines are keyed by DOT (a delta file holds the delta's lines of it). */
export const keyedByDot = (src: Source): boolean => dotField(src) !== null;

export interface Delta {
  fromRun: number;
  /** Lines per dump file (its records, as the delta holds only when no quoted line break moved). */
  lines: Map<Source, number>;
  /** The delta's carriers (keys; '' stands for lines without a DOT number). */
  carriers: number;
  /** Each source with its delta file instead of the dump file. */
  sources: Source[];
  /**
   * The rows the previous run quarantined whose lines are still in tonight's files: unchanged, so
   * still bad, and outside the delta (a bad row in the delta sends the run down the full path).
   */
  stillBad: BadRow[];
}

/** The previous run's quarantined rows of `sources` whose line tonight's files still hold. */
async function stillQuarantined(ctx: RunContext, prevRun: number, sources: Source[]): Promise<BadRow[]> {
  const byName = new Map(sources.map((s, i) => [path.basename(s.file), { i, role: s.adapter.role }]));
  const rows = (await quarantineOf(ctx.pool, prevRun)).filter((q) => byName.has(q.file));
  if (rows.length === 0) return [];
  const values = rows.map((q, k) => `(${k}, ${byName.get(q.file)!.i}, ${lit(byName.get(q.file)!.role)}, ${lit(q.raw)})`).join(', ');
  const kept = await duckRows<{ k: number }>(
    ctx.duck,
    `SELECT k FROM (VALUES ${values}) q(k, file, role, raw)
     WHERE hash(role, raw) IN (SELECT h FROM input_lines l WHERE l.file = q.file)`,
  );
  return kept.map(({ k }) => rows[k]);
}

/**
 * Reads every line and writes the run's line sums (the `input` run file); when the previous run
 * allows it, writes the delta files too and returns the delta, else null (the full path).
 */
export async function inputDelta(ctx: RunContext, sources: Source[], extra: string[]): Promise<Delta | null> {
  await dropDelta(ctx);
  const base = await deltaBase(ctx);
  if (base === null) {
    // No delta to take: the sums only, straight from the lines.
    const input = await openRunFile(ctx, 'input', null);
    await ctx.duck.run(`CREATE TABLE ${input}.line_sums AS SELECT dot_number, sum(h) AS h FROM (${linesSelect(sources, extra)}) GROUP BY dot_number`);
    await publishRunFile(ctx, 'input');
    return null;
  }
  try {
    const { lines, split } = await readLines(ctx, sources, extra);
    const input = await openRunFile(ctx, 'input', split ? null : base);
    if (split) {
      await ctx.duck.run(`CREATE TABLE ${input}.line_sums AS SELECT * FROM line_sums_new`);
      await publishRunFile(ctx, 'input');
      return null;
    }
    await ctx.duck.run(
      duckSql('input_delta', {
        schema: ctx.schema,
        prev: runSchema(base),
        input,
        batch_date: `DATE ${lit(ctx.batchDate)}`,
        prev_run: base,
      }),
    );
    await publishRunFile(ctx, 'input');
    const [{ n, nodot }] = await duckRows<{ n: number; nodot: boolean }>(
      ctx.duck,
      `SELECT (SELECT count(*) FROM delta_hashes) AS n,
              EXISTS (SELECT 1 FROM ${ctx.schema}.input_delta WHERE dot_number = ${lit(NO_DOT)}) AS nodot`,
    );
    const total = [...lines.values()].reduce((a, b) => a + b, 0);
    // A line of a file without DOT numbers moved: which carriers it belongs to is not known here.
    const small = n <= Math.max(MAX_DELTA_SHARE * total, MIN_DELTA_CAP) && !nodot;
    const delta = small ? await writeDeltaFiles(ctx, sources, base, lines) : null;
    if (delta) delta.stillBad = await stillQuarantined(ctx, base, sources);
    await ctx.duck.run('DROP TABLE delta_hashes');
    if (delta === null) await dropDelta(ctx);
    return delta;
  } finally {
    await ctx.duck.run('DROP TABLE IF EXISTS input_lines; DROP TABLE IF EXISTS line_sums_new');
  }
}

/**
 * A whole record, as DuckDB's strict reader takes it: fields quoted (spaces around the quotes
 * allowed) or not (not starting with a quote). A line that is not is part of a record split by a
 * quoted line break.
 */
const QUOTED = ' *"(?:[^"]|"")*" *';
const UNQUOTED = ' *(?:[^ ,"][^,]*)?';
const RECORD = new RegExp(`^(?:${QUOTED}|${UNQUOTED})(?:,(?:${QUOTED}|${UNQUOTED}))*\r?$`);
const splitRecord = (line: string) => !RECORD.test(line);

/**
 * Pass two: each file's delta lines into a file of its own (the header first, when it has one).
 * Null when a delta line is part of a record split by a quoted line break: its other part, in
 * the delta or not, could join another record in the delta's parse.
 */
async function writeDeltaFiles(ctx: RunContext, sources: Source[], fromRun: number, lines: Map<Source, number>): Promise<Delta | null> {
  const dir = deltaDir(ctx.config, ctx.runId);
  fs.mkdirSync(dir, { recursive: true });
  const parts = sources.flatMap((src, i) => (dotField(src) === null ? [] : [duckSql('input_delta_lines', lineVars(src, i))]));
  const byFile = new Map<number, string[]>();
  if (parts.length) {
    const reader = await ctx.duck.runAndReadAll(parts.join('\nUNION ALL\n'));
    for (const [file, line] of reader.getRows() as [number, string | null][]) {
      if (line !== null && splitRecord(line)) return null;
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file)!.push(line ?? '');
    }
  }
  const out = sources.map((src, i): Source => {
    // A file without DOT numbers is read whole: its lines did not move (else no delta), and the
    // snapshot joins them to the delta's carriers by docket.
    if (dotField(src) === null) return src;
    const file = path.join(dir, path.basename(src.file));
    const all = [...(src.headerLine === null ? [] : [src.headerLine]), ...(byFile.get(i) ?? [])];
    fs.writeFileSync(file, all.length ? `${all.join('\n')}\n` : '');
    // The lines came back decoded; the delta file is UTF-8 whatever the dump's encoding.
    return { ...src, file, encoding: 'utf-8' };
  });
  const [{ n }] = await duckRows<{ n: number }>(ctx.duck, `SELECT count(*) AS n FROM ${ctx.schema}.input_delta`);
  return { fromRun, lines: new Map(out.map((d, i) => [d, lines.get(sources[i])!])), carriers: n, sources: out, stillBad: [] };
}

/** The previous run a snapshot can be built against from the run's delta, if the run has one. */
export const deltaFromRun = (ctx: RunContext): Promise<number | null> => recordedRun(ctx.duck, ctx.schema, 'input_delta_run');
