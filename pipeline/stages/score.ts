/**
 * score: the default-policy risk score of every carrier of the run, by the one scoring function
 * (lib/risk scoreCarrier) that POST /v1/carriers/{dot}/risk-score also uses, at the run's batch
 * date, with the chameleon links of the related stage. Rows stream out of DuckDB in rowid batches
 * and the scores go back into <schema>.scores through an appender; the load writes them to
 * PostgreSQL (score-load.ts).
 *
 * Batches are materialised one at a time and the appender is flushed between them: an appender
 * flushing on the same connection while a streaming result is open silently ends that stream.
 */
import { DEFAULT_POLICY, historyKey, RISK_SNAPSHOT_FIELDS, riskInputFromSnapshot, scoreCarrier } from '../../lib/risk/index.ts';
import type { ChameleonSignals, RiskSnapshotFields } from '../../lib/risk/index.ts';
import type { RunContext } from '../context.ts';
import { duckRows, duckSql, duckTableExists } from '../duck.ts';
import { StageOrderError } from '../errors.ts';
import type { Stage, StageResult } from './types.ts';

/** Rows per batch; below the appender's automatic flush (204,800 rows). */
const BATCH = 100_000;

/** A vector of a DuckDB data chunk; getItem gives plain JS scalars for the types score_input.sql selects. */
interface Vector {
  getItem(i: number): unknown;
}

/** Postgres text[] literal of flag codes (A-Z and _ only, so no quoting). */
const pgArray = (codes: string[]) => `{${codes.join(',')}}`;

async function scoreBatch(ctx: RunContext, lo: number, hi: number, grades: Record<string, number>): Promise<number> {
  const result = await ctx.duck.run(duckSql('score_input', { schema: ctx.schema, lo, hi }));
  const names = result.columnNames();
  const missing = RISK_SNAPSHOT_FIELDS.filter((f) => !names.includes(f));
  if (missing.length) throw new Error(`sql/duckdb/score_input.sql does not select ${missing.join(', ')}`);
  const linksAt = names.indexOf('chameleon_links');
  const appender = await ctx.duck.createAppender('scores', ctx.schema);
  let n = 0;
  try {
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const vectors = names.map((_, c) => chunk.getColumnVector(c) as unknown as Vector);
      for (let i = 0; i < chunk.rowCount; i++) {
        const row: Record<string, unknown> = {};
        for (let c = 0; c < names.length; c++) row[names[c]] = vectors[c].getItem(i);
        const links = vectors[linksAt].getItem(i) as string | null;
        const chameleon = links ? (JSON.parse(links) as ChameleonSignals) : null;
        const score = scoreCarrier(riskInputFromSnapshot(row as unknown as RiskSnapshotFields, chameleon, ctx.batchDate), DEFAULT_POLICY);
        const key = historyKey(score);
        appender.appendVarchar(row.dot_number as string);
        appender.appendInteger(score.score);
        appender.appendVarchar(score.grade);
        appender.appendVarchar(score.tier);
        appender.appendVarchar(pgArray(key.flag_codes));
        appender.appendVarchar(JSON.stringify(score));
        appender.endRow();
        grades[score.grade] = (grades[score.grade] ?? 0) + 1;
        n++;
      }
    }
  } finally {
    appender.closeSync();
  }
  return n;
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
    // flag_codes: the sorted codes as a Postgres text[] literal; risk_score: the RiskScore JSON.
    await ctx.duck.run(
      `CREATE OR REPLACE TABLE ${ctx.schema}.scores (dot_number VARCHAR, score INTEGER, grade VARCHAR, tier VARCHAR, flag_codes VARCHAR, risk_score VARCHAR)`,
    );
    const [{ total, last }] = await duckRows<{ total: number; last: number | null }>(
      ctx.duck,
      `SELECT count(*) AS total, max(rowid) AS last FROM ${ctx.schema}.snapshot`,
    );
    ctx.progress.start('score', total);
    const started = performance.now();
    const grades: Record<string, number> = {};
    let done = 0;
    for (let lo = 0; last !== null && lo <= last; lo += BATCH) {
      done += await scoreBatch(ctx, lo, lo + BATCH, grades);
      ctx.progress.update(done, total);
    }
    if (done !== total) throw new Error(`score: scored ${done} of ${total} carriers (snapshot rowids not contiguous?)`);
    const us = done ? Math.round(((performance.now() - started) * 1000) / done * 10) / 10 : 0;
    ctx.progress.end(`${done.toLocaleString('en-US')} carriers, ${us} µs each`);
    return { rows: done, detail: { us_per_carrier: us, grades } };
  },
};
