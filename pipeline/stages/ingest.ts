/**
 * ingest: every file of the day folder bound to its published layout (pipeline/ingest/plan.ts),
 * read through views in this run's DuckDB schema — per file `<view>_src` (raw fields under the
 * canonical names) and `<view>` (normalised by the adapter), per role `<role>` — and validated by
 * one scan of every record. Bad rows are quarantined (etl_quarantine) and left out; more than
 * INGEST_MAX_BAD_ROWS in a file, or a broken file, stops the run. The Motus files update the Motus
 * state the run keeps (pipeline/ingest/motus.ts), which the `<role>` views of the Motus roles read.
 * The snapshot stage reads the files once more through the views. Rerunning replaces the views.
 *
 * After a previous run, the scan and the snapshot's read cover only the input delta (pipeline/
 * input-delta.ts): the lines of the carriers whose lines (or Motus rows) changed, in delta files
 * that the schema r<run>_delta reads through the same adapters. A problem in the delta (or a
 * quoted line break splitting a record) sends the run down the full path, whose scan quarantines
 * with the file's own lines.
 */
import path from 'node:path';
import { sql } from '../../lib/sql-files.ts';
import { ADAPTERS } from '../adapters/index.ts';
import type { RunContext } from '../context.ts';
import { isUtf8File, splitCsvLine } from '../csv-lines.ts';
import { duckRows, lit } from '../duck.ts';
import { InputError } from '../errors.ts';
import { buildMotusState, defineMotusViews, stateLines } from '../ingest/motus.ts';
import { planDay, type Planned } from '../ingest/plan.ts';
import { scanFile, type BadRow } from '../ingest/scan.ts';
import { defineEmptyRoleView, defineFileViews, defineRoleView, type Exclude, type Source } from '../ingest/views.ts';
import { deltaSchema, dropDelta, inputDelta, keyedByDot, type Delta } from '../input-delta.ts';
import type { Stage, StageResult } from './types.ts';

interface FileDetail {
  adapter: string;
  dataset: string | null;
  rows: number;
  quarantined: number;
  ms: number;
}

/** Every planned file with its encoding: UTF-8, or Latin-1 (older exports) when it is not. */
async function withEncodings(ctx: RunContext, planned: Planned[]): Promise<Source[]> {
  const out: Source[] = [];
  for (const p of planned) {
    const utf8 = await isUtf8File(p.file);
    if (!utf8) ctx.logger.warn({ file: path.basename(p.file) }, 'file is not UTF-8; reading it as Latin-1');
    out.push({ ...p, encoding: utf8 ? 'utf-8' : 'latin-1' });
  }
  return out;
}

/**
 * The role views of `schema` over its files' views, leaving out what the scans excluded; a role
 * the day has no file for (legacy InsHist is optional) is an empty view of its columns.
 */
async function defineRoleViews(ctx: RunContext, schema: string, sources: Source[], excluded: Map<Source, Exclude>): Promise<void> {
  const roles = [...new Set(ADAPTERS.map((a) => a.role).filter((r) => !r.startsWith('motus_')))];
  for (const role of roles) {
    const parts = sources.filter((s) => s.adapter.role === role).map((s) => ({ view: s.view, exclude: excluded.get(s) ?? 'none' }));
    if (parts.length) await defineRoleView(ctx.duck, schema, role, parts);
    else {
      const adapter = ADAPTERS.find((a) => a.role === role)!;
      await defineEmptyRoleView(ctx.duck, schema, role, adapter.name, adapter.columns);
    }
  }
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
  for (const src of delta.sources) {
    if (!keyedByDot(src)) {
      // Read whole (its lines did not move): validated by the run that first read them.
      await defineFileViews(ctx.duck, schema, src, false);
      continue;
    }
    const scan = await scanFile(ctx, schema, src).catch(() => null);
    if (!scan || scan.bad.length > 0) {
      holds = false;
      break;
    }
    const [{ stray }] = await duckRows<{ stray: number }>(
      ctx.duck,
      `SELECT count(*) AS stray FROM ${schema}.${src.view}
       WHERE coalesce(dot_number, '') NOT IN (SELECT dot_number FROM ${ctx.schema}.input_delta)`,
    );
    if (stray > 0) {
      holds = false;
      break;
    }
  }
  if (holds) {
    await defineRoleViews(ctx, schema, delta.sources, new Map());
    await defineMotusViews(ctx, schema, ADAPTERS, `SELECT dot_number FROM ${ctx.schema}.input_delta`);
  }
  ctx.progress.end(holds ? 'holds' : 'does not hold');
  return holds;
}

/**
 * The carriers whose census row was quarantined (its DOT field still readable): the snapshot
 * keeps their previous rows (`<schema>.census_held`).
 */
async function holdQuarantinedCarriers(ctx: RunContext, sources: Source[], bad: BadRow[]): Promise<void> {
  const census = sources.find((s) => s.adapter.role === 'census')!;
  const at = census.binding.positions.get('dot_number')!;
  const dots = bad
    .filter((b) => b.file === path.basename(census.file) && !b.reason.startsWith('duplicate'))
    .map((b) => splitCsvLine(b.raw)[at]?.trim().replace(/^0+/, '') ?? '')
    .filter((d) => /^[0-9]+$/.test(d));
  await ctx.duck.run(
    `CREATE OR REPLACE TABLE ${ctx.schema}.census_held AS
     SELECT DISTINCT dot_number FROM (SELECT unnest(${dots.length ? `[${dots.map(lit).join(', ')}]` : '[]::VARCHAR[]'}) AS dot_number)`,
  );
}

async function saveQuarantine(ctx: RunContext, bad: BadRow[]): Promise<void> {
  await ctx.pool.query(sql('pipeline/quarantine_replace'), [
    ctx.runId,
    bad.map((b) => b.file),
    bad.map((b) => b.dataset),
    bad.map((b) => b.line),
    bad.map((b) => b.reason),
    bad.map((b) => b.raw),
  ]);
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
    const plan = planDay(ctx.inputDir, ctx.logger);
    await ctx.duck.run(`CREATE SCHEMA IF NOT EXISTS ${ctx.schema}`);
    const motusFiles = plan.motus.flatMap((m) => [m.full, m.diff].filter((f): f is Planned => f !== null));
    // UTF-8 unless the pass over every line finds a byte sequence that is not (DuckDB checks every
    // byte it reads): then each file is checked, and one that is not UTF-8 is read as Latin-1. A
    // check of every file up front would read the day's gigabytes once more every night.
    let sources: Source[] = plan.sources.map((p) => ({ ...p, encoding: 'utf-8' }));
    // The Motus files are read before that pass (a few megabytes a night): checked up front.
    const encodings = new Map((await withEncodings(ctx, motusFiles)).map((s) => [s.file, s.encoding]));
    const bad: BadRow[] = [];
    const files: Record<string, FileDetail> = {};

    ctx.progress.start('ingest: Motus state');
    const motus = await timed('motus', () => buildMotusState(ctx, plan.motus, (f) => encodings.get(f)!));
    bad.push(...motus.bad);
    await defineMotusViews(ctx, ctx.schema, ADAPTERS, null);
    ctx.progress.end(Object.entries(motus.rows).map(([r, n]) => `${r} ${n.toLocaleString('en-US')}`).join(', '));

    ctx.progress.start('ingest: every line, keyed by DOT');
    const delta = await timed('lines', async () => {
      try {
        return await inputDelta(ctx, sources, stateLines(ctx, ADAPTERS));
      } catch (err) {
        if (!/not utf-8 encoded/i.test(String(err))) throw err;
        sources = await timed('encoding', () => withEncodings(ctx, plan.sources));
        return inputDelta(ctx, sources, stateLines(ctx, ADAPTERS));
      }
    });
    ctx.progress.end(delta ? `a delta of ${delta.carriers.toLocaleString('en-US')} carriers` : 'no delta');
    const census = delta?.sources.find((s) => s.adapter.role === 'census');
    const held = await timed('delta_scan', async () => delta !== null && delta.lines.get(census!)! > 0 && deltaHolds(ctx, delta));
    const excluded = new Map<Source, Exclude>();
    if (held) {
      for (const src of sources) await defineFileViews(ctx.duck, ctx.schema, src, false);
      bad.push(...delta!.stillBad);
      // The whole files' role views (a snapshot rerun without the previous run's rows reads them)
      // leave out the rows still quarantined, as the full path's do.
      const stillBadFiles = new Set(delta!.stillBad.map((b) => b.file));
      for (const src of sources) if (stillBadFiles.has(path.basename(src.file))) excluded.set(src, 'bad');
      for (const [src, rows] of delta!.lines) {
        const base = path.basename(src.file);
        const quarantined = delta!.stillBad.filter((b) => b.file === base).length;
        files[base] = { adapter: src.adapter.name, dataset: src.binding.dataset, rows, quarantined, ms: 0 };
      }
    } else {
      if (delta) {
        ctx.logger.warn({ from_run: delta.fromRun }, 'the input delta does not hold; scanning every file');
        await dropDelta(ctx);
      }
      await timed('scan', async () => {
        for (const src of sources) {
          const started = Date.now();
          const base = path.basename(src.file);
          ctx.progress.start(`ingest ${base} (${src.adapter.label})`);
          const scan = await scanFile(ctx, ctx.schema, src);
          excluded.set(src, scan.exclude);
          bad.push(...scan.bad);
          files[base] = { adapter: src.adapter.name, dataset: src.binding.dataset, rows: scan.rows, quarantined: scan.bad.length, ms: Date.now() - started };
          ctx.progress.end(`${scan.rows.toLocaleString('en-US')} rows${scan.bad.length ? `, ${scan.bad.length} quarantined` : ''}`);
        }
      });
      // The census is the list of carriers: a night without one is a broken file.
      const census = sources.find((s) => s.adapter.role === 'census')!;
      if (files[path.basename(census.file)].rows === 0) throw new InputError(path.basename(census.file), null, 'has no data rows');
    }
    await defineRoleViews(ctx, ctx.schema, sources, excluded);
    await holdQuarantinedCarriers(ctx, sources, bad);
    for (const m of plan.motus) {
      for (const [f, rows] of [[m.full, motus.detail[m.role].full], [m.diff, motus.detail[m.role].diff]] as const) {
        if (!f) continue;
        const base = path.basename(f.file);
        files[base] = { adapter: f.adapter.name, dataset: f.binding.dataset, rows: rows ?? 0, quarantined: bad.filter((b) => b.file === base).length, ms: 0 };
      }
    }
    await saveQuarantine(ctx, bad);
    const total = Object.values(files).reduce((n, f) => n + f.rows, 0);
    const deltaDetail = held ? { from_run: delta!.fromRun, carriers: delta!.carriers } : null;
    ctx.logger.info({ files, motus: motus.detail, quarantined: bad.length, delta: deltaDetail, step_ms: ms }, 'ingested');
    return {
      rows: total,
      detail: { files, motus: { rows: motus.rows, ...motus.detail }, quarantined: bad.length, delta: deltaDetail, step_ms: ms },
    };
  },
};
