/**
 * Accounts with their own API client, registry carriers in bulk, and runs at exact instants, for
 * the watchlist, webhook and notify tests.
 */
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/openapi.ts';
import type { Pool } from '../../lib/postgres.ts';
import type { TestApp } from './app.ts';
import { carrierRow, putCarriers } from './carrier-rows.ts';

export interface TestAccount {
  id: number;
  key: string;
  email: string;
  /** The generated client, sending this account's key on every request. */
  api: ReturnType<typeof createClient<paths>>;
}

export async function signup(app: TestApp, email: string): Promise<TestAccount> {
  const { data, response } = await app.api.POST('/v1/auth/signup', { body: { email, password: 'longenough' } });
  if (response.status !== 201 || !data) throw new Error(`signup of ${email} failed: ${response.status}`);
  return {
    id: data.id,
    key: data.api_key,
    email,
    api: createClient<paths>({ baseUrl: app.url, headers: { 'X-API-Key': data.api_key } }),
  };
}

/** `count` registry carriers with DOTs first, first+1, … (copies of one template row). */
export async function seedCarriers(pool: Pool, runId: number, first: number, count: number): Promise<string[]> {
  const template = String(first);
  await putCarriers(pool, runId, [carrierRow(template)]);
  const cols = (
    await pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'carriers' AND column_name NOT IN ('dot_number', 'legal_name') ORDER BY ordinal_position`,
    )
  ).rows.map((r) => r.column_name);
  await pool.query(
    `INSERT INTO carriers (dot_number, legal_name, ${cols.join(', ')})
     SELECT g::text, 'CARRIER ' || g || ' LLC', ${cols.map((c) => `t.${c}`).join(', ')}
     FROM carriers t, generate_series($1::bigint + 1, $1::bigint + $2 - 1) g
     WHERE t.dot_number = $1::text
     ON CONFLICT (dot_number) DO NOTHING`,
    [first, count],
  );
  return Array.from({ length: count }, (_, i) => String(first + i));
}

/** A succeeded run with batch_ts `at` (exact instant); returns its id. */
export async function putRunAt(pool: Pool, at: Date, status: 'succeeded' | 'running' = 'succeeded'): Promise<number> {
  const { rows } = await pool.query(
    `INSERT INTO etl_runs (batch_ts, input_dir, status, finished_at) VALUES ($1, $2, $3, CASE WHEN $3 = 'succeeded' THEN now() END)
     RETURNING etl_run_id`,
    [at, `/dumps/${at.toISOString().slice(0, 10)}`, status],
  );
  return rows[0].etl_run_id;
}

export const DAY_MS = 86_400_000;
