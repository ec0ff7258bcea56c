/**
 * Rate limits: anonymous per IP, per account at its rate_limit (one pool), the shared pool of the
 * four auth endpoints, health/meta exempt; exact at the boundary, 429 in the envelope with
 * Retry-After, windows that reset; and one limit shared by two server instances through the
 * PostgreSQL store. Windows end without waiting: the memory store counts on the server's injected
 * clock, which the test moves; the PostgreSQL store's window (on the database's now()) is ended in
 * its table.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../server/openapi.ts';
import type { Config } from '../lib/config.ts';
import { appsOnFreshDatabase, startApp, type TestApp } from './helpers/app.ts';
import { freshDatabase } from './helpers/db.ts';

const LIMITS: Partial<Config> = { anonymousRateLimit: 100, authRateLimit: 10, rateLimitWindowMs: 60_000 };
/** An optional-key operation without path parameters: counts as anonymous without a key. */
const anonymousOp = operations.find((o) => o.keyUse === 'optional' && !o.path.includes('{') && o.method === 'get')!;

const { app } = appsOnFreshDatabase(LIMITS);

const get = (a: TestApp, p: string, key?: string) => fetch(`${a.url}${p}`, { headers: key ? { 'X-API-Key': key } : {} });
const remaining = (res: Response) => Number(/r=(\d+)/.exec(res.headers.get('ratelimit') ?? '')?.[1]);
const quota = (res: Response) => Number(/q=(\d+)/.exec(res.headers.get('ratelimit-policy') ?? '')?.[1]);

async function expectLimited(res: Response, windowSeconds: number) {
  expect(res.status).toBe(429);
  const body = await res.json();
  expect(body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/Rate limit/) } });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers.get('ratelimit')).toMatch(/r=0/);
}

let emails = 0;
async function account(a: TestApp, rateLimit?: number) {
  const { data } = await a.api.POST('/v1/auth/signup', { body: { email: `rl${++emails}@example.com`, password: 'longenough' } });
  if (rateLimit) await a.db.pool.query('UPDATE accounts SET rate_limit = $2 WHERE id = $1', [data!.id, rateLimit]);
  return data!;
}

describe('anonymous: 100 per minute per IP', () => {
  it('request 100 passes, 101 is 429 RATE_LIMITED with Retry-After; headers count down', async () => {
    const a = await app();
    for (let i = 1; i <= 100; i++) {
      const res = await get(a, anonymousOp.path);
      await res.arrayBuffer();
      expect(res.status, `request ${i}`).not.toBe(429);
      expect(remaining(res)).toBe(100 - i);
      expect(quota(res)).toBe(100);
    }
    const limited = await get(a, anonymousOp.path);
    expect(limited.headers.get('ratelimit-policy')).toMatch(/^"100-in-1min"; q=100; w=60; pk=:[^:]+:$/);
    await expectLimited(limited, 60);

    // Health and meta stay open and carry no rate-limit headers.
    for (const p of ['/v1/health', '/v1/meta']) {
      const res = await get(a, p);
      expect(res.status, p).not.toBe(429);
      expect(res.headers.get('ratelimit')).toBeNull();
      expect(res.headers.get('ratelimit-policy')).toBeNull();
    }
    // Other pools are separate: a key (its account pool) and the auth endpoints still answer.
    const { api_key } = await account(a);
    const me = await get(a, '/v1/auth/me', api_key);
    expect(me.status).toBe(200);
    expect(quota(me)).toBe(600);
  });

  it('health and meta are never limited', async () => {
    const a = await app({ anonymousRateLimit: 2 });
    for (let i = 0; i < 10; i++) {
      for (const p of ['/v1/health', '/v1/meta']) {
        const res = await get(a, p);
        await res.arrayBuffer();
        expect(res.status).not.toBe(429);
        expect(res.headers.get('ratelimit')).toBeNull();
      }
    }
    expect((await get(a, anonymousOp.path)).status).not.toBe(429);
  });

  it('requests with a rejected key spend the per-IP allowance (key guessing is throttled)', async () => {
    const a = await app({ anonymousRateLimit: 4 });
    for (let i = 0; i < 4; i++) {
      const res = await get(a, '/v1/auth/me', `cdk_${String(i).repeat(43)}`);
      expect(res.status).toBe(401);
      expect(remaining(res)).toBe(3 - i);
    }
    await expectLimited(await get(a, '/v1/auth/me', `cdk_${'9'.repeat(43)}`), 60);
    await expectLimited(await get(a, anonymousOp.path), 60);
  });

  it('the window resets, to the millisecond', async () => {
    // The server's clock stands still unless the test moves it.
    const windowMs = 60_000;
    const a = await app({ anonymousRateLimit: 3, rateLimitWindowMs: windowMs }, { clockAt: new Date() });
    for (let i = 0; i < 3; i++) expect((await get(a, anonymousOp.path)).status).not.toBe(429);
    await expectLimited(await get(a, anonymousOp.path), windowMs / 1000);
    a.advance(windowMs - 1);
    expect((await get(a, anonymousOp.path)).status).toBe(429);
    a.advance(1);
    const again = await get(a, anonymousOp.path);
    expect(again.status).not.toBe(429);
    expect(remaining(again)).toBe(2);
  });
});

describe('authenticated: the account rate_limit, one pool for every request with the key', () => {
  it('counts every operation together at the account limit; anonymous callers are unaffected', async () => {
    const a = await app();
    const { api_key } = await account(a, 5);
    const paths = ['/v1/auth/me', anonymousOp.path, '/v1/auth/me', anonymousOp.path, '/v1/auth/me'];
    for (const [i, p] of paths.entries()) {
      const res = await get(a, p, api_key);
      await res.arrayBuffer();
      expect(res.status, `request ${i + 1}`).not.toBe(429);
      expect(quota(res)).toBe(5);
      expect(remaining(res)).toBe(4 - i);
    }
    await expectLimited(await get(a, anonymousOp.path, api_key), 60);
    const regenerate = await fetch(`${a.url}/v1/auth/regenerate-key`, { method: 'POST', headers: { 'X-API-Key': api_key } });
    await expectLimited(regenerate, 60);
    // Same IP without the key: the anonymous pool, untouched.
    const anonymous = await get(a, anonymousOp.path);
    expect(anonymous.status).not.toBe(429);
    expect(quota(anonymous)).toBe(100);
  });

  it('accounts do not share a pool', async () => {
    const a = await app();
    const one = await account(a, 2);
    const two = await account(a, 2);
    await get(a, '/v1/auth/me', one.api_key);
    await get(a, '/v1/auth/me', one.api_key);
    await expectLimited(await get(a, '/v1/auth/me', one.api_key), 60);
    expect((await get(a, '/v1/auth/me', two.api_key)).status).toBe(200);
  });
});

describe('signup, login, forgot-password and reset-password: 10 per minute per IP, shared', () => {
  it('the 11th call to any of the four is 429; other pools are unaffected', async () => {
    const a = await app();
    const calls: [string, unknown][] = [
      ['signup', { email: 'shared1@example.com', password: 'longenough' }],
      ['signup', { email: 'shared2@example.com', password: 'longenough' }],
      ['signup', { email: 'shared1@example.com', password: 'longenough' }], // 409 counts too
      ['login', { email: 'shared1@example.com', password: 'longenough' }],
      ['login', { email: 'shared1@example.com', password: 'wrong-password' }],
      ['login', { email: 'nobody@example.com', password: 'longenough' }],
      ['forgot-password', { email: 'shared1@example.com' }],
      ['forgot-password', { email: 'nobody@example.com' }],
      ['reset-password', { token: 'bad-token', password: 'longenough' }],
      ['reset-password', { token: 'bad-token', password: 'short' }],
    ];
    let key = '';
    for (const [i, [op, body]] of calls.entries()) {
      const res = await fetch(`${a.url}/v1/auth/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (i === 0) key = json.api_key;
      expect(res.status, `${op} #${i + 1}`).not.toBe(429);
      expect(quota(res)).toBe(10);
      expect(remaining(res)).toBe(9 - i);
    }
    for (const op of ['signup', 'login', 'forgot-password', 'reset-password']) {
      const res = await fetch(`${a.url}/v1/auth/${op}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'late@example.com', password: 'longenough', token: 'x' }),
      });
      await expectLimited(res, 60);
    }
    expect((await get(a, anonymousOp.path)).status).not.toBe(429);
    expect((await get(a, '/v1/auth/me', key)).status).toBe(200);
  });
});

describe('two server instances share one limit through the PostgreSQL store', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await app({ rateLimitStore: 'postgres' });
    two = await app({ rateLimitStore: 'postgres' });
  });

  it('anonymous: 100 across both instances, the 101st is 429 on either', async () => {
    for (let i = 1; i <= 100; i++) {
      const res = await get(i % 2 ? one : two, anonymousOp.path);
      await res.arrayBuffer();
      expect(res.status, `request ${i}`).not.toBe(429);
      expect(remaining(res)).toBe(100 - i);
    }
    await expectLimited(await get(one, anonymousOp.path), 60);
    await expectLimited(await get(two, anonymousOp.path), 60);
  });

  it('an account pool and the auth pool are shared too', async () => {
    const { api_key } = await account(one, 6);
    for (let i = 0; i < 6; i++) expect((await get(i % 2 ? one : two, '/v1/auth/me', api_key)).status).toBe(200);
    await expectLimited(await get(one, '/v1/auth/me', api_key), 60);
    await expectLimited(await get(two, '/v1/auth/me', api_key), 60);

    // account() above spent 1 of the 10 auth calls on `one`.
    for (let i = 0; i < 9; i++) {
      const res = await (i % 2 ? one : two).api.POST('/v1/auth/forgot-password', { body: { email: 'x@example.com' } });
      expect(res.response.status).toBe(200);
    }
    const res = await fetch(`${two.url}/v1/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com' }),
    });
    await expectLimited(res, 60);
  });

  it('the window resets (own database)', async () => {
    const own = await freshDatabase();
    const apps: TestApp[] = [];
    try {
      const config: Partial<Config> = { ...LIMITS, rateLimitStore: 'postgres', anonymousRateLimit: 3, rateLimitWindowMs: 60_000 };
      for (let i = 0; i < 2; i++) apps.push(await startApp({ db: own, config }));
      const [x, y] = apps;
      for (let i = 0; i < 3; i++) expect((await get(i % 2 ? x : y, anonymousOp.path)).status).not.toBe(429);
      const limited = await get(x, anonymousOp.path);
      await expectLimited(limited, 60);
      expect((await get(y, anonymousOp.path)).status).toBe(429);
      // The window's end comes: the store's sessions expire now (it compares them with now()).
      expect((await own.pool.query('UPDATE rate_limit.sessions SET expires_at = now()')).rowCount).toBeGreaterThan(0);
      const again = await get(y, anonymousOp.path);
      expect(again.status).not.toBe(429);
      expect(remaining(again)).toBe(2);
    } finally {
      for (const a of apps) await a.close();
      await own.drop();
    }
  });
});
