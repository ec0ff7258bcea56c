/**
 * Hand-made loads with history: what the load stage does for one run, in one transaction (the
 * history steps' write-out of implicit versions, the writes, then the history step), for tests
 * that need exact control over a carrier's versions.
 */
import { withTransaction, type Pool, type PoolClient } from '../../lib/postgres.ts';
import type { CarrierSnapshot } from '../../lib/snapshot.ts';
import { materializeHistory, writeHistory } from '../../pipeline/load-plan/history.ts';
import { putCarriers, putPolicies, putRun, type PolicyInput } from './carrier-rows.ts';

export interface HistoryLoad {
  upsert?: CarrierSnapshot[];
  remove?: string[];
  policies?: PolicyInput[];
  /** DOTs whose policies changed although their row did not (the load's delta lists them). */
  touch?: string[];
}

/**
 * Loads run `day` ('YYYY-MM-DD', midnight UTC) as the pipeline would; returns its id. With
 * `runId`, that existing run is loaded again (a rerun).
 */
export async function loadDay(pool: Pool, day: string, mode: 'full' | 'incremental', l: HistoryLoad, runId?: number): Promise<number> {
  return withTransaction(pool, async (client: PoolClient) => {
    const id = runId ?? (await putRun(client, day, { status: 'running' }));
    const ctx = { runId: id, batchTs: new Date(`${day}T00:00:00Z`), batchDate: day };
    const delta = [...(l.upsert ?? []).map((c) => c.dot_number), ...(l.remove ?? []), ...(l.touch ?? [])];
    if (mode === 'incremental') {
      await client.query('CREATE TEMP TABLE load_delta (dot_number text PRIMARY KEY, op text NOT NULL) ON COMMIT DROP');
      await client.query(`INSERT INTO load_delta SELECT unnest($1::text[]), 'update'`, [delta]);
    }
    await materializeHistory(client, ctx, mode);
    if (mode === 'full') await client.query('TRUNCATE carriers, insurance_policies');
    await putCarriers(client, id, l.upsert ?? []);
    await client.query('DELETE FROM carriers WHERE dot_number = ANY($1)', [l.remove ?? []]);
    await putPolicies(client, l.policies ?? [], delta);
    await writeHistory(client, ctx, mode);
    await client.query("UPDATE etl_runs SET status = 'succeeded' WHERE etl_run_id = $1", [id]);
    return id;
  });
}
