/**
 * POST /v1/carriers/{dot}/risk-score and GET /v1/carriers/{dot}/risk-history over a synthetic
 * registry loaded by the real pipeline: policy what-ifs move the score by the documented amounts,
 * NO_BIPD / NO_CARGO_INSURANCE and the chameleon cap ignore the thresholds, bad input is a 400
 * envelope, limits clamp, and the full profile carries the cached score and related companies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../lib/config.ts';
import { DEFAULT_POLICY, weightedScore, type RiskScore } from '../lib/risk/index.ts';
import { openPipeline, type PipelineEnv } from '../pipeline/context.ts';
import { silentProgress } from '../pipeline/progress.ts';
import { runInput } from '../pipeline/run-stages.ts';
import { synthesize } from '../pipeline/synth/index.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { tempDir } from './pipeline-harness.ts';

let app: TestApp;
let env: PipelineEnv;
let dumps: string;
let dataDir: string;
let key: string;
const q = <T = Record<string, any>>(text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows as T[]);

beforeAll(async () => {
  dumps = tempDir('risk-api-');
  synthesize({ carriers: 1200, days: 2, seed: 707, out: dumps });
  app = await startApp();
  const dir = (dataDir = tempDir('risk-api-data-'));
  env = await openPipeline({ ...config, dataDir: dir, duckdbPath: path.join(dir, 'pipeline.duckdb') }, { pool: app.db.pool, progress: silentProgress });
  await runInput(env, dumps);
  const { data } = await app.api.POST('/v1/auth/signup', { body: { email: 'risk-api@example.com', password: 'risk-api-pass' } });
  key = data!.api_key!;
});
afterAll(async () => {
  await env?.close();
  await app?.close();
  for (const d of [dumps, dataDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

async function score(dot: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/v1/carriers/${dot}/risk-score`, {
    method: 'POST',
    headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A carrier picked by a SQL condition on carriers (c), with its cached default score. */
async function carrierWhere(where: string): Promise<{ dot_number: string; max_bipd: number; max_cargo: number; risk_score: RiskScore }> {
  const [row] = await q(`SELECT dot_number, max_bipd, max_cargo, risk_score FROM carriers c WHERE ${where} ORDER BY dot_number::bigint LIMIT 1`);
  expect(row, where).toBeDefined();
  return row as any;
}

const codes = (s: RiskScore) => s.flags.map((f) => f.code);
const component = (s: RiskScore, name: string) => s.components.find((c) => c.name === name)!.score;

describe('POST /v1/carriers/{dot_number}/risk-score', () => {
  it('an empty body, {} and the defaults spelled out give the nightly default-policy score', async () => {
    const c = await carrierWhere("risk_score->>'grade' = 'B'");
    for (const body of [undefined, {}, { min_bipd: 750000 }, { min_bipd: 750000, min_cargo: 0 }]) {
      const r = await score(c.dot_number, body);
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body.policy).toEqual(DEFAULT_POLICY);
      expect(r.body.risk_score).toEqual(c.risk_score);
    }
  });

  it('a partial body merges with the defaults and is echoed', async () => {
    const c = await carrierWhere('max_cargo > 0');
    const r = await score(c.dot_number, { min_cargo: 5000 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dot_number: c.dot_number, policy: { min_bipd: 750000, min_cargo: 5000 } });
  });

  it('a BIPD floor above the carrier\'s cover adds LOW_BIPD: insurance -25, about -6 overall', async () => {
    const c = await carrierWhere("max_bipd >= 750000 AND risk_score->>'grade' = 'A'");
    const before = (await score(c.dot_number, {})).body.risk_score as RiskScore;
    const after = (await score(c.dot_number, { min_bipd: c.max_bipd + 1000 })).body.risk_score as RiskScore;
    expect(codes(before)).not.toContain('LOW_BIPD');
    expect(codes(after)).toContain('LOW_BIPD');
    expect(component(after, 'Insurance')).toBe(component(before, 'Insurance') - 25);
    expect(after.score).toBe(weightedScore(after.components));
    expect(before.score - after.score).toBeGreaterThanOrEqual(6);
    expect(before.score - after.score).toBeLessThanOrEqual(7);
    // At the floor exactly: not below it.
    expect(codes((await score(c.dot_number, { min_bipd: c.max_bipd })).body.risk_score)).not.toContain('LOW_BIPD');
  });

  it('a cargo floor above the carrier\'s cargo cover adds LOW_CARGO_INSURANCE: insurance -10, about -3 overall', async () => {
    const c = await carrierWhere("max_cargo > 0 AND risk_score->>'grade' = 'A'");
    const before = (await score(c.dot_number)).body.risk_score as RiskScore;
    const after = (await score(c.dot_number, { min_cargo: c.max_cargo + 1000 })).body.risk_score as RiskScore;
    expect(codes(after)).toContain('LOW_CARGO_INSURANCE');
    expect(component(after, 'Insurance')).toBe(component(before, 'Insurance') - 10);
    expect(before.score - after.score).toBeGreaterThanOrEqual(2);
    expect(before.score - after.score).toBeLessThanOrEqual(3);
  });

  it('NO_BIPD and its cap at 35 apply whatever min_bipd', async () => {
    const c = await carrierWhere('max_bipd = 0');
    for (const min_bipd of [0, 1, 750000, 50_000_000]) {
      const r = (await score(c.dot_number, { min_bipd })).body.risk_score as RiskScore;
      expect(codes(r)).toContain('NO_BIPD');
      expect(codes(r)).not.toContain('LOW_BIPD');
      expect(r.score).toBeLessThanOrEqual(35);
    }
  });

  it('NO_CARGO_INSURANCE (-15 insurance) applies whatever min_cargo', async () => {
    const c = await carrierWhere('max_cargo = 0 AND max_bipd >= 750000');
    const scores = [];
    for (const min_cargo of [0, 1, 1_000_000]) {
      const r = (await score(c.dot_number, { min_cargo })).body.risk_score as RiskScore;
      expect(codes(r)).toContain('NO_CARGO_INSURANCE');
      expect(codes(r)).not.toContain('LOW_CARGO_INSURANCE');
      expect(component(r, 'Insurance')).toBe(85);
      scores.push(r);
    }
    expect(scores[1]).toEqual(scores[0]);
    expect(scores[2]).toEqual(scores[0]);
  });

  it('the chameleon signal and its cap come from the nightly snapshot, the same under any policy', async () => {
    const c = await carrierWhere("risk_score::text LIKE '%CHAMELEON_SIGNAL%'");
    const flag = c.risk_score.flags.find((f) => f.code === 'CHAMELEON_SIGNAL')!;
    const cap = Number(/capped at (\d+)/.exec(flag.message)![1]);
    for (const body of [{}, { min_bipd: 0, min_cargo: 0 }, { min_bipd: 10_000_000, min_cargo: 10_000_000 }]) {
      const r = (await score(c.dot_number, body)).body.risk_score as RiskScore;
      expect(r.flags.find((f) => f.code === 'CHAMELEON_SIGNAL')).toEqual(flag);
      expect(r.score).toBeLessThanOrEqual(cap);
    }
  });

  it('a negative threshold is 400 INVALID_PARAM naming the field', async () => {
    const [{ dot_number }] = await q('SELECT dot_number FROM carriers LIMIT 1');
    for (const [body, field] of [
      [{ min_bipd: -1 }, 'min_bipd'],
      [{ min_cargo: -250000 }, 'min_cargo'],
      [{ min_bipd: 1000, min_cargo: -1 }, 'min_cargo'],
    ] as const) {
      const r = await score(dot_number, body);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAM');
      expect(r.body.error.message).toContain(field);
    }
  });

  it('other bad input is a 400 envelope too; no key is 401; an unknown DOT is 404', async () => {
    const [{ dot_number }] = await q('SELECT dot_number FROM carriers LIMIT 1');
    for (const body of [{ min_bipd: 1.5 }, { min_bipd: '750000' }, { min_cargo: true }, { min_bipd: null }, { max_bipd: 1 }, '{"min_bipd": ', '[1]']) {
      const r = await score(dot_number, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('INVALID_PARAM');
      expect(typeof r.body.error.message).toBe('string');
    }
    const bad = await fetch(`${app.url}/v1/carriers/12x/risk-score`, { method: 'POST', headers: { 'X-API-Key': key } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('INVALID_PARAM');
    const anonymous = await fetch(`${app.url}/v1/carriers/${dot_number}/risk-score`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('UNAUTHORIZED');
    const wrongKey = await score(dot_number, {}, { 'X-API-Key': 'not-a-key' });
    expect(wrongKey.status).toBe(401);
    const missing = await score('99999999', {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    // Leading zeros are the same carrier.
    expect((await score(`000${dot_number}`)).body.dot_number).toBe(dot_number);
  });
});

describe('GET /v1/carriers/{dot_number}/risk-history', () => {
  const history = (dot: string, limit?: string) =>
    fetch(`${app.url}/v1/carriers/${dot}/risk-history${limit === undefined ? '' : `?limit=${encodeURIComponent(limit)}`}`);

  it('serves the rows newest first in the contract shape', async () => {
    const [c] = await q("SELECT dot_number, count(*)::int AS n FROM risk_history_all GROUP BY 1 HAVING count(*) > 1 ORDER BY 1 LIMIT 1");
    const { data, response } = await app.api.GET('/v1/carriers/{dot_number}/risk-history', { params: { path: { dot_number: c.dot_number } } });
    expect(response.status).toBe(200);
    expect(data!.limit).toBe(50);
    expect(data!.data).toHaveLength(c.n);
    const [first, second] = data!.data;
    expect(Date.parse(first.computed_at)).toBeGreaterThan(Date.parse(second.computed_at));
    expect(first.etl_run_id).toBeGreaterThan(second.etl_run_id);
    const [run] = await q('SELECT batch_ts FROM etl_runs WHERE etl_run_id = $1', [first.etl_run_id]);
    expect(first.computed_at).toBe(run.batch_ts.toISOString());
    expect(first.flag_codes).toEqual([...first.flag_codes].sort());
    expect(first.components.map((x) => x.weight)).toEqual([40, 35, 25]);
  });

  it('clamps limit to [1, 200] and falls back to 50 on malformed values', async () => {
    const [c] = await q("SELECT dot_number, count(*)::int AS n FROM risk_history_all GROUP BY 1 HAVING count(*) > 1 ORDER BY 1 LIMIT 1");
    for (const [limit, applied] of [
      ['1', 1], ['0', 1], ['-5', 1], ['200', 200], ['201', 200], ['99999999999999999999', 200],
      ['abc', 50], ['10.5', 50], ['', 50], [' 7 ', 50], ['1e3', 50],
    ] as const) {
      const res = await history(c.dot_number, limit);
      expect(res.status, limit).toBe(200);
      const body = await res.json();
      expect(body.limit, limit).toBe(applied);
      expect(body.data).toHaveLength(Math.min(applied, c.n));
    }
  });

  it('answers 200 with data [] for a DOT without history, and tags answers by run', async () => {
    const res = await history('99999999');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dot_number: '99999999', limit: 50, data: [] });
    const [{ dot_number }] = await q('SELECT dot_number FROM risk_history_all LIMIT 1');
    const first = await history(dot_number);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${app.url}/v1/carriers/${dot_number}/risk-history`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect((await history('12x')).status).toBe(400);
  });
});

describe('the full profile and meta', () => {
  it('GET /v1/carriers/{dot} carries the cached score and the related companies', async () => {
    const c = await carrierWhere("json_array_length(related_companies) > 0");
    const { data } = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: c.dot_number } } });
    expect(data!.risk_score).toEqual(c.risk_score);
    expect(data!.related_companies.length).toBeGreaterThan(0);
    for (const r of data!.related_companies) expect(r.shared.length).toBeGreaterThan(0);
    const lonely = await carrierWhere('related_companies IS NULL');
    expect((await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: lonely.dot_number } } })).data!.related_companies).toEqual([]);
  });

  it('meta counts the risk history rows and names its horizon', async () => {
    const [{ n, oldest }] = await q('SELECT count(*)::int AS n, min(computed_at) AS oldest FROM risk_history_all');
    const { data } = await app.api.GET('/v1/meta');
    expect(data!.risk_history_rows).toBe(n);
    expect(data!.risk_history_horizon).toBe(oldest.toISOString());
  });
});
