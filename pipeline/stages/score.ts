/**
 * score: the default-policy risk score of every carrier of the run, by the one scoring function
 * (lib/risk scoreCarrier) that POST /v1/carriers/{dot}/risk-score also uses, at the run's batch
 * date, with the chameleon links of the related stage. The load writes the scores to PostgreSQL
 * (its risk step: pipeline/load-plan/risk.ts).
 *
 * Only the carriers that need it are scored: a carrier whose inputs hash as in the previous run,
 * on a batch date before the first date its score could change with the date alone
 * (lib/risk/horizon.ts), keeps the previous run's score (sql/duckdb/score_keep.sql). The model's
 * fingerprint (a hash of its source) is stored with the scores; after any change to the model,
 * every carrier is scored again. A night scores few carriers: the changed ones, those with
 * chameleon links (their days since a revocation change daily), and those whose authority or
 * MCS-150 age crosses one of the model's thresholds that day.
 * When the snapshot stage carried the previous run's rows over, only the inputs of the carriers
 * whose score can change are read (sql/duckdb/score_scope.sql): those it moved, those whose
 * chameleon links changed, those whose score lapses; every other carrier's inputs hash as before.
 *
 * Rows leave DuckDB in rowid batches, column by column; worker threads score them (one per
 * DuckDB thread, the pipeline's CPU budget; none with one) while the main thread reads the next
 * batch, and write each scored batch to a tab-separated part file; one read_csv then loads every
 * part into the run's scores table. (Appending the score JSON through a DuckDB appender on the
 * main thread made the workers wait on it.) Every DuckDB call stays
 * on the main thread, one at a time. The scores table is a run file (pipeline/carried-tables.ts): a
 * copy of the previous run's file, less the scores that no longer hold, plus the new ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { RISK_SNAPSHOT_FIELDS } from '../../lib/risk/index.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckSql, duckTableExists, lit, requireRunTables, runSchema, whereDotIn } from '../duck.ts';
import { sameFingerprint, storeFingerprint } from '../fingerprint.ts';
import { hasRunFile, openRunFile, publishRunFile } from '../carried-tables.ts';
import { previousRun } from '../etl-runs.ts';
import { scoreColumns, writeScoredPart, type ScoreBatch } from './score-batch.ts';
import { movedSince } from './handoff.ts';
import type { Stage, StageResult } from './types.ts';

/** Rows per batch (and part file): small enough to pipeline, large enough to keep workers busy. */
const BATCH = 50_000;

/** A vector of a DuckDB data chunk; getItem gives plain JS scalars for the types score_input.sql selects. */
interface Vector {
  getItem(i: number): unknown;
}

async function readBatch(ctx: RunContext, lo: number, hi: number): Promise<ScoreBatch> {
  const result = await ctx.duck.run(`SELECT * FROM score_todo WHERE rowid >= ${lo} AND rowid < ${hi}`);
  const names = result.columnNames();
  const missing = RISK_SNAPSHOT_FIELDS.filter((f) => !names.includes(f));
  if (missing.length) throw new Error(`sql/duckdb/score_input.sql does not select ${missing.join(', ')}`);
  const cols: Record<string, unknown[]> = Object.fromEntries(names.map((name) => [name, []]));
  let n = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    // rowCount is a call into DuckDB on every read, costly in this loop: read it once.
    const rows = chunk?.rowCount ?? 0;
    if (rows === 0) break;
    names.forEach((name, c) => {
      const vector = chunk!.getColumnVector(c) as unknown as Vector;
      const values = cols[name];
      for (let i = 0; i < rows; i++) values.push(vector.getItem(i));
    });
    n += rows;
  }
  return { cols, n, batchDate: ctx.batchDate };
}

/** Every file whose change can change a score: the model, what it reads, how the stage feeds it. */
const MODEL_SOURCES = ['lib/risk', 'lib/domain.ts', 'lib/snapshot.ts', 'pipeline/stages/score-batch.ts', 'sql/duckdb/score_input.sql'];

/** The previous run when its scores were made by this model (and so may be kept). */
async function reusableFrom(ctx: RunContext): Promise<number | null> {
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  if (!prev || !hasRunFile(ctx.config, prev.etl_run_id, 'scores')) return null;
  const schema = runSchema(prev.etl_run_id);
  const ok = (await duckTableExists(ctx.duck, schema, 'scores')) && (await sameFingerprint(ctx.duck, schema, 'score_model', MODEL_SOURCES));
  return ok ? prev.etl_run_id : null;
}

/** Worker threads running score-worker.ts (TypeScript through tsx, whatever started this process). */
class ScorePool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(size: number) {
    const entry = new URL('./score-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
    for (let i = 0; i < size; i++) {
      const worker = new Worker(boot, { eval: true });
      worker.on('message', (m: { id: number; error?: string }) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) p?.reject(new Error(`score worker: ${m.error}`));
        else p?.resolve();
      });
      worker.on('error', (err) => this.failAll(err));
      worker.on('exit', (code) => code !== 0 && this.failAll(new Error(`score worker exited with ${code}`)));
      this.workers.push(worker);
    }
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  /** Scores `batch` into the part file `file`; resolves once it is written. */
  run(batch: ScoreBatch, file: string): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[id % this.workers.length].postMessage({ ...batch, id, file });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

export const score: Stage = {
  name: 'score',
  async run(ctx): Promise<StageResult> {
    await requireRunTables(ctx, ['snapshot', 'related'], 'snapshot and related stages');
    for (const t of ['score_model', 'score_fresh', 'score_kept']) await ctx.duck.run(`DROP TABLE IF EXISTS ${ctx.schema}.${t}`);
    const prev = await reusableFrom(ctx);
    // The run's scores table, a run file: a copy of the previous run's less the scores that no
    // longer hold, or a new one.
    const scores = `${await openRunFile(ctx, 'scores', prev)}.scores`;
    const batchDate = `DATE ${lit(ctx.batchDate)}`;
    // With the snapshot carried from the same run, the inputs of the carriers in score_scope only.
    const moved = prev === null ? null : await movedSince(ctx, prev);
    const scoped = moved !== null && (await duckTableExists(ctx.duck, runSchema(prev!), 'related'));
    if (scoped) {
      await ctx.duck.run(duckSql('score_scope', { schema: ctx.schema, prev: runSchema(prev!), moved, scores, batch_date: batchDate }));
    }
    const only = whereDotIn(scoped ? 'SELECT dot_number FROM score_scope' : null);
    await ctx.duck.run(duckSql('score_input', { schema: ctx.schema, only }));
    if (prev !== null) {
      const scope = scoped ? 'p.dot_number IN (SELECT dot_number FROM score_scope)' : 'TRUE';
      await ctx.duck.run(duckSql('score_keep', { scores, batch_date: batchDate, scope }));
      await ctx.duck.run(duckSql('score_todo', { scores }));
    } else {
      // Everyone to score (a first run, another model): the input table as it is.
      await ctx.duck.run(
        `CREATE TABLE ${scores} (dot_number VARCHAR, score INTEGER, grade VARCHAR, tier VARCHAR, ` +
          'flag_codes VARCHAR, risk_score VARCHAR, input_hash UBIGINT, valid_until DATE)',
      );
      await ctx.duck.run('DROP TABLE IF EXISTS score_todo');
      await ctx.duck.run('ALTER TABLE score_input RENAME TO score_todo');
    }
    const [{ total, last, kept, carriers }] = await duckRows<{ total: number; last: number | null; kept: number; carriers: number }>(
      ctx.duck,
      `SELECT count(*) AS total, max(rowid) AS last, (SELECT count(*) FROM ${scores}) AS kept, ` +
        `(SELECT count(*) FROM ${ctx.schema}.snapshot) AS carriers FROM score_todo`,
    );
    const threads = Math.min(ctx.config.duckdbThreads, os.availableParallelism());
    const pool = threads > 1 && total > 0 ? new ScorePool(threads) : null;
    ctx.progress.start('score', total);
    const started = performance.now();
    let scoredAt = started;
    let partsAt = started;
    const partsDir = path.join(ctx.tmpDir, 'scores');
    fs.rmSync(partsDir, { recursive: true, force: true });
    fs.mkdirSync(partsDir, { recursive: true });
    const parts: string[] = [];
    const inFlight: { rows: number; written: Promise<void> }[] = [];
    let done = 0;
    const finishOldest = async () => {
      const part = inFlight.shift()!;
      await part.written;
      done += part.rows;
      ctx.progress.update(done, total);
    };
    try {
      for (let lo = 0; last !== null && lo <= last; lo += BATCH) {
        const batch = await readBatch(ctx, lo, lo + BATCH);
        const file = path.join(partsDir, `part-${parts.length}.tsv`);
        parts.push(file);
        const written = pool ? pool.run(batch, file) : Promise.resolve(writeScoredPart(scoreColumns(batch), file));
        written.catch(() => {}); // awaited in order below; no unhandled rejection meanwhile
        inFlight.push({ rows: batch.n, written });
        // Keep every worker busy while the main thread reads the next batch.
        while (inFlight.length > (pool ? threads : 0)) await finishOldest();
      }
      while (inFlight.length) await finishOldest();
      scoredAt = performance.now();
      if (parts.length) await ctx.duck.run(duckSql('score_parts', { scores, files: `[${parts.map(lit).join(', ')}]` }));
      partsAt = performance.now();
    } finally {
      await pool?.close();
      fs.rmSync(partsDir, { recursive: true, force: true });
    }
    if (prev !== null) {
      // Every other carrier's row is the previous run's (handoff.ts freshScoresSince).
      await ctx.duck.run(`CREATE TABLE ${ctx.schema}.score_fresh AS SELECT dot_number FROM score_todo`);
      await ctx.duck.run(`CREATE TABLE ${ctx.schema}.score_kept AS SELECT ${prev} AS from_run`);
    }
    await ctx.duck.run('DROP TABLE score_todo; DROP TABLE IF EXISTS score_scope');
    await publishRunFile(ctx, 'scores');
    const [{ stored }] = await duckRows<{ stored: number }>(ctx.duck, `SELECT count(*) AS stored FROM ${ctx.schema}.scores`);
    if (done !== total || stored !== carriers) {
      throw new Error(`score: scored ${done} of ${total}, kept ${kept}, stored ${stored} of ${carriers} carriers`);
    }
    await storeFingerprint(ctx.duck, ctx.schema, 'score_model', MODEL_SOURCES);
    const grades = Object.fromEntries(
      (await duckRows<{ grade: string; n: number }>(ctx.duck, `SELECT grade, count(*) AS n FROM ${ctx.schema}.scores GROUP BY grade ORDER BY grade`)).map(
        (r) => [r.grade, r.n],
      ),
    );
    const us = done ? Math.round((((scoredAt - started) * 1000) / done) * 10) / 10 : 0;
    ctx.progress.end(`${done.toLocaleString('en-US')} carriers scored, ${kept.toLocaleString('en-US')} kept, ${us} µs each`);
    return {
      rows: carriers,
      detail: {
        scored: done,
        kept,
        kept_from: prev === null ? null : runSchema(prev),
        scope_only: scoped,
        us_per_carrier: us,
        ms_scoring: Math.round(scoredAt - started),
        ms_parts_load: Math.round(partsAt - scoredAt),
        workers: pool ? threads : 0,
        grades,
      },
    };
  },
};
