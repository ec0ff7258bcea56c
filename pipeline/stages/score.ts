/**
 * score: the default-policy risk score of every carrier of the run, by the one scoring function
 * (lib/risk scoreCarrier) that POST /v1/carriers/{dot}/risk-score also uses, at the run's batch
 * date, with the chameleon links of the related stage. The load writes the scores to PostgreSQL
 * (score-load.ts).
 *
 * Rows leave DuckDB in rowid batches, column by column; worker threads score them (one per
 * DuckDB thread, the pipeline's CPU budget; none with one) while the main thread reads the next
 * batch; the main thread appends the results to <schema>.scores. Every DuckDB call stays on the
 * main thread, one at a time: an appender flushing on the connection while another result is
 * being read silently ends that result.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { RISK_SNAPSHOT_FIELDS } from '../../lib/risk/index.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckSql, duckTableExists } from '../duck.ts';
import { StageOrderError } from '../errors.ts';
import { scoreColumns, type ScoreBatch, type ScoredBatch } from './score-columns.ts';
import type { Stage, StageResult } from './types.ts';

/** Rows per batch: below the appender's automatic flush (204,800 rows), small enough to pipeline. */
const BATCH = 50_000;

/** A vector of a DuckDB data chunk; getItem gives plain JS scalars for the types score_input.sql selects. */
interface Vector {
  getItem(i: number): unknown;
}

async function readBatch(ctx: RunContext, lo: number, hi: number): Promise<ScoreBatch> {
  const result = await ctx.duck.run(duckSql('score_input', { schema: ctx.schema, lo, hi }));
  const names = result.columnNames();
  const missing = RISK_SNAPSHOT_FIELDS.filter((f) => !names.includes(f));
  if (missing.length) throw new Error(`sql/duckdb/score_input.sql does not select ${missing.join(', ')}`);
  const cols: Record<string, unknown[]> = Object.fromEntries(names.map((name) => [name, []]));
  let n = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    names.forEach((name, c) => {
      const vector = chunk.getColumnVector(c) as unknown as Vector;
      const values = cols[name];
      for (let i = 0; i < chunk.rowCount; i++) values.push(vector.getItem(i));
    });
    n += chunk.rowCount;
  }
  return { cols, n, batchDate: ctx.batchDate };
}

async function appendBatch(ctx: RunContext, r: ScoredBatch, grades: Record<string, number>): Promise<void> {
  const appender = await ctx.duck.createAppender('scores', ctx.schema);
  try {
    for (let i = 0; i < r.dot.length; i++) {
      appender.appendVarchar(r.dot[i]);
      appender.appendInteger(r.score[i]);
      appender.appendVarchar(r.grade[i]);
      appender.appendVarchar(r.tier[i]);
      appender.appendVarchar(r.flagCodes[i]);
      appender.appendVarchar(r.json[i]);
      appender.endRow();
      grades[r.grade[i]] = (grades[r.grade[i]] ?? 0) + 1;
    }
  } finally {
    appender.closeSync();
  }
}

/** Worker threads running score-worker.ts (TypeScript through tsx, whatever started this process). */
class ScorePool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (r: ScoredBatch) => void; reject: (e: Error) => void }>();
  private nextId = 0;

  constructor(size: number) {
    const entry = new URL('./score-worker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
    for (let i = 0; i < size; i++) {
      const worker = new Worker(boot, { eval: true });
      worker.on('message', (m: { id: number; result?: ScoredBatch; error?: string }) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) p?.reject(new Error(`score worker: ${m.error}`));
        else p?.resolve(m.result!);
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

  run(batch: ScoreBatch): Promise<ScoredBatch> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[id % this.workers.length].postMessage({ ...batch, id });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

export const score: Stage = {
  name: 'score',
  async run(ctx): Promise<StageResult> {
    if (!(await duckTableExists(ctx.duck, ctx.schema, 'snapshot'))) {
      throw new StageOrderError(`run ${ctx.runId}: no snapshot in DuckDB; run the snapshot stage first`);
    }
    if (!(await duckTableExists(ctx.duck, ctx.schema, 'related'))) {
      throw new StageOrderError(`run ${ctx.runId}: no related table in DuckDB; run the related stage first`);
    }
    await ctx.duck.run(
      `CREATE OR REPLACE TABLE ${ctx.schema}.scores (dot_number VARCHAR, score INTEGER, grade VARCHAR, tier VARCHAR, flag_codes VARCHAR, risk_score VARCHAR)`,
    );
    const [{ total, last }] = await duckRows<{ total: number; last: number | null }>(
      ctx.duck,
      `SELECT count(*) AS total, max(rowid) AS last FROM ${ctx.schema}.snapshot`,
    );
    const threads = Math.min(ctx.config.duckdbThreads, os.availableParallelism());
    const pool = threads > 1 && total > 0 ? new ScorePool(threads) : null;
    ctx.progress.start('score', total);
    const started = performance.now();
    const grades: Record<string, number> = {};
    const inFlight: Promise<ScoredBatch>[] = [];
    let done = 0;
    const appendOldest = async () => {
      const r = await inFlight.shift()!;
      await appendBatch(ctx, r, grades);
      done += r.dot.length;
      ctx.progress.update(done, total);
    };
    try {
      for (let lo = 0; last !== null && lo <= last; lo += BATCH) {
        const batch = await readBatch(ctx, lo, lo + BATCH);
        const scored = pool ? pool.run(batch) : Promise.resolve(scoreColumns(batch));
        scored.catch(() => {}); // awaited in order below; no unhandled rejection meanwhile
        inFlight.push(scored);
        // Keep every worker busy while the main thread reads the next batch.
        while (inFlight.length > (pool ? threads : 0)) await appendOldest();
      }
      while (inFlight.length) await appendOldest();
    } finally {
      await pool?.close();
    }
    if (done !== total) throw new Error(`score: scored ${done} of ${total} carriers (snapshot rowids not contiguous?)`);
    const us = done ? Math.round((((performance.now() - started) * 1000) / done) * 10) / 10 : 0;
    ctx.progress.end(`${done.toLocaleString('en-US')} carriers, ${us} µs each`);
    return { rows: done, detail: { us_per_carrier: us, workers: pool ? threads : 0, grades } };
  },
};
