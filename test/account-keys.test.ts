/**
 * API keys: the authentication middleware per key use (required, optional, none), deactivated
 * accounts, and regeneration (atomic, no overlap, even under concurrent requests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../server/openapi.ts';
import { startApp, type TestApp } from './helpers/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

let n = 0;
async function newAccount() {
  const { data } = await app.api.POST('/v1/auth/signup', { body: { email: `keys${++n}@example.com`, password: 'longenough' } });
  return data!;
}

/** A request to `op` with no body or parameters beyond the path; auth runs before validation. */
function call(op: (typeof operations)[number], key?: string) {
  const url = `${app.url}${op.path.replace('{dot_number}', '123').replace('{etl_run_id}', '1')}`;
  return fetch(url, { method: op.method.toUpperCase(), headers: key === undefined ? {} : { 'X-API-Key': key } });
}

const byUse = (use: string) => operations.filter((o) => o.keyUse === use);

describe('authentication by key use', () => {
  it('the contract declares the key use the spec gives each endpoint', () => {
    const ids = (use: string) => byUse(use).map((o) => o.operationId).sort();
    // getJwks: the public keys that verify receipts (beyond the spec).
    expect(ids('none')).toEqual(['forgotPassword', 'getHealth', 'getJwks', 'getMeta', 'login', 'resetPassword', 'signup']);
    expect(ids('required')).toEqual(expect.arrayContaining(['getMe', 'regenerateKey', 'bulkCarriers', 'bulkCarriersByMc']));
    expect(ids('optional').length).toBeGreaterThan(5);
  });

  it('required: no key, a malformed key or an unknown key → 401 UNAUTHORIZED (before validation)', async () => {
    for (const op of byUse('required')) {
      for (const key of [undefined, 'garbage', `cdk_${'A'.repeat(43)}`, '']) {
        const res = await call(op, key);
        expect(res.status, `${op.operationId} key=${key}`).toBe(401);
        expect((await res.json()).error.code).toBe('UNAUTHORIZED');
      }
    }
  });

  it('optional: no key is anonymous, an invalid key is 401 (never downgraded)', async () => {
    for (const op of byUse('optional')) {
      const anonymous = await call(op);
      expect(anonymous.status, op.operationId).not.toBe(401);
      const bad = await call(op, `cdk_${'B'.repeat(43)}`);
      expect(bad.status, op.operationId).toBe(401);
      expect((await bad.json()).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('none: a key is ignored, valid or not (health, meta, the four auth endpoints)', async () => {
    const health = await app.api.GET('/v1/health', { headers: { 'X-API-Key': 'not-a-key' } });
    expect(health.response.status).not.toBe(401);
    const signup = await app.api.POST('/v1/auth/signup', {
      body: { email: 'ignored-key@example.com', password: 'longenough' },
      headers: { 'X-API-Key': 'not-a-key' },
    });
    expect(signup.response.status).toBe(201);
    const forgot = await app.api.POST('/v1/auth/forgot-password', {
      body: { email: 'ignored-key@example.com' },
      headers: { 'X-API-Key': `cdk_${'C'.repeat(43)}` },
    });
    expect(forgot.response.status).toBe(200);
  });

  it('a valid key authenticates on required and optional operations', async () => {
    const { api_key } = await newAccount();
    expect((await app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': api_key } })).response.status).toBe(200);
    for (const op of byUse('optional')) {
      expect((await call(op, api_key)).status, op.operationId).not.toBe(401);
    }
  });

  it('a deactivated account: its key answers 401 everywhere keys are read', async () => {
    const { id, api_key } = await newAccount();
    await app.db.pool.query('UPDATE accounts SET is_active = false WHERE id = $1', [id]);
    for (const op of [...byUse('required'), ...byUse('optional')]) {
      expect((await call(op, api_key)).status, op.operationId).toBe(401);
    }
    await app.db.pool.query('UPDATE accounts SET is_active = true WHERE id = $1', [id]);
    expect((await app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': api_key } })).response.status).toBe(200);
  });
});

describe('POST /v1/auth/regenerate-key', () => {
  it('issues a new key; the old one answers 401 on every key-reading operation; login returns the new one', async () => {
    const account = await newAccount();
    const { data, response } = await app.api.POST('/v1/auth/regenerate-key', { headers: { 'X-API-Key': account.api_key } });
    expect(response.status).toBe(200);
    expect(Object.keys(data!)).toEqual(['api_key']);
    expect(data!.api_key).not.toBe(account.api_key);
    for (const op of [...byUse('required'), ...byUse('optional')]) {
      const res = await call(op, account.api_key);
      expect(res.status, op.operationId).toBe(401);
    }
    expect((await app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': data!.api_key } })).response.status).toBe(200);
    const login = await app.api.POST('/v1/auth/login', { body: { email: account.email, password: 'longenough' } });
    expect(login.data!.api_key).toBe(data!.api_key);
  });

  it('401 without a key; and two concurrent regenerations with one key: exactly one wins', async () => {
    expect((await app.api.POST('/v1/auth/regenerate-key')).response.status).toBe(401);
    const account = await newAccount();
    const headers = { 'X-API-Key': account.api_key };
    const results = await Promise.all(Array.from({ length: 6 }, () => app.api.POST('/v1/auth/regenerate-key', { headers })));
    const won = results.filter((r) => r.response.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.response.status === 401)).toHaveLength(5);
    const login = await app.api.POST('/v1/auth/login', { body: { email: account.email, password: 'longenough' } });
    expect(login.data!.api_key).toBe(won[0].data!.api_key);
  });

  it('under concurrent requests the old key never gets through once the rotation has answered', async () => {
    const account = await newAccount();
    await app.db.pool.query('UPDATE accounts SET rate_limit = 1000000 WHERE id = $1', [account.id]);
    const me = `${app.url}/v1/auth/me`;
    const optional = byUse('optional').find((o) => !o.path.includes('{'))!;
    const targets = [me, `${app.url}${optional.path}`];
    const log: { sentAt: number; status: number }[] = [];
    // Counted in requests, not time: the workers run until AFTER requests sent once the rotation
    // had answered have come back, and the rotation waits until the old key has been seen working.
    const AFTER = 40;
    let rotatedAt = Infinity;
    let sentAfter = 0;
    let oldKeyWorked!: () => void;
    const oldKeySeenWorking = new Promise<void>((resolve) => (oldKeyWorked = resolve));
    const worker = async (w: number) => {
      for (let i = 0; sentAfter < AFTER; i++) {
        if (rotatedAt === Infinity && log.length > 5000) throw new Error('the old key never worked');
        const sentAt = performance.now();
        if (sentAt > rotatedAt) sentAfter++;
        const res = await fetch(targets[(w + i) % targets.length], { headers: { 'X-API-Key': account.api_key } });
        await res.arrayBuffer();
        log.push({ sentAt, status: res.status });
        if (res.status !== 401) oldKeyWorked();
      }
    };
    const workers = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    await Promise.race([oldKeySeenWorking, workers]);
    const rotation = await app.api.POST('/v1/auth/regenerate-key', { headers: { 'X-API-Key': account.api_key } });
    rotatedAt = performance.now();
    expect(rotation.response.status).toBe(200);
    await workers;

    const before = log.filter((r) => r.sentAt < rotatedAt);
    const after = log.filter((r) => r.sentAt > rotatedAt);
    expect(before.some((r) => r.status !== 401)).toBe(true); // the old key worked until then
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((r) => r.status !== 401)).toEqual([]);
    expect((await app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': rotation.data!.api_key } })).response.status).toBe(200);
  });
});
