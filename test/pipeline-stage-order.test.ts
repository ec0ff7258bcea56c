/**
 * A stage run before the stages it reads (`npm run pipeline -- stage NAME --run ID` out of order)
 * stops with the missing table and the stages to run first, and writes nothing served.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { StageOrderError } from '../pipeline/errors.ts';
import { runStage } from '../pipeline/run-stages.ts';
import { beginRun, getRun } from '../pipeline/etl-runs.ts';
import { STAGE_ORDER, stageByName, stagesInOrder } from '../pipeline/stages/plan.ts';
import { copyDays, servedTables, suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();

it('a run plan has the stages STAGE_ORDER names (the status columns), in that order', () => {
  expect(stagesInOrder().map((s) => s.name)).toEqual([...STAGE_ORDER]);
});

it('each stage names what is missing and what to run first; nothing is served until they ran in order', async () => {
  const day = path.join(copyDays('two-days/2026-03-01'), '2026-03-01');
  const { run, release } = (await beginRun(suite.db.pool, day))!;
  try {
    const attempt = (name: string) => runStage(suite.env, run, stageByName(name));
    // Nothing ingested yet.
    await expect(attempt('snapshot')).rejects.toThrow(new StageOrderError(`run ${run.etl_run_id}: no census table in DuckDB; run the ingest stage first`));
    for (const name of ['diff', 'related', 'score']) {
      await expect(attempt(name), name).rejects.toThrow(/^run \d+: no (snapshot|li_revocation) table in DuckDB; run the .* first$/);
    }
    await expect(attempt('load')).rejects.toThrow(/no snapshot table in DuckDB; run the snapshot, diff, related and score stages first/);
    // Ingested and snapshotted, but neither related nor scored.
    await attempt('ingest');
    await attempt('snapshot');
    await expect(attempt('score')).rejects.toThrow(/no related table in DuckDB; run the snapshot and related stages first/);
    await expect(attempt('load')).rejects.toThrow(/no changes table in DuckDB; run the snapshot, diff, related and score stages first/);
    expect((await servedTables(suite.db.pool)).carriers).toEqual([]);
    for (const name of ['diff', 'related', 'score', 'load']) await attempt(name);
  } finally {
    await release();
  }
  expect(await getRun(suite.db.pool, run.etl_run_id)).toMatchObject({ status: 'succeeded' });
  expect((await servedTables(suite.db.pool)).carriers.length).toBeGreaterThan(0);
});
