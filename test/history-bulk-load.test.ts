/**
 * The first run's implicit history versions (migrations 024, 025) and a bulk load of a later day:
 * it rewrites every carrier, so it must write every implicit version out first. Day 2 loaded in
 * bulk leaves the same histories, as the API reads them, as day 2 loaded incrementally.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDay } from '../pipeline/run-stages.ts';
import { synthesize } from '../pipeline/synth/index.ts';
import { servedTables, suitePipeline, tempDir } from './pipeline-harness.ts';

const incremental = suitePipeline();
const bulk = suitePipeline();

describe('a bulk load after the first run', () => {
  it('leaves the same histories as an incremental load of the same day', async () => {
    const dumps = tempDir('history-bulk-dumps-');
    synthesize({ carriers: 600, days: 2, seed: 11, out: dumps, startDate: '2026-03-01' });
    const [day1, day2] = ['2026-03-01', '2026-03-02'].map((d) => path.join(dumps, d));
    for (const day of [day1, day2]) await runDay(incremental.env, day);
    await runDay(bulk.env, day1);
    await runDay(bulk.env, day2, { full: true });
    const q = (t: typeof bulk, text: string) => t.db.pool.query(text).then((r) => r.rows);
    expect((await q(bulk, 'SELECT stages FROM etl_runs WHERE etl_run_id = 2'))[0].stages.load.mode).toBe('full');
    expect((await q(incremental, 'SELECT stages FROM etl_runs WHERE etl_run_id = 2'))[0].stages.load.mode).toBe('incremental');
    // The bulk load wrote every implicit version out; the incremental one only its delta's.
    expect(await q(bulk, 'SELECT count(*)::int AS n FROM carrier_history_implicit')).toEqual([{ n: 0 }]);
    expect(await q(bulk, 'SELECT count(*)::int AS n FROM risk_history_implicit')).toEqual([{ n: 0 }]);
    expect((await q(incremental, 'SELECT count(*)::int AS n FROM carrier_history_implicit'))[0].n).toBeGreaterThan(0);
    expect(await servedTables(bulk.db.pool)).toEqual(await servedTables(incremental.db.pool));
  });
});
