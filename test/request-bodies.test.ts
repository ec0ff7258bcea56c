/**
 * Bodies are read after the key check and the rate limit: malformed JSON is counted like any
 * request, and a key-required endpoint answers 401 without looking at the body. An endpoint that
 * takes JSON refuses a body that does not say it is JSON (415) instead of ignoring it.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';
import { putRunAt, seedCarriers, signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let account: TestAccount;
let dot: string;
beforeAll(async () => {
  app = await startApp();
  account = await signup(app, 'bodies@example.com');
  [dot] = await seedCarriers(app.db.pool, await putRunAt(app.db.pool, new Date(Date.UTC(2026, 2, 1))), 4_100_001, 1);
});
afterAll(async () => {
  await app.close();
});

interface RawAnswer {
  status: number;
  body: { error?: { code: string; message: string } } & Record<string, unknown>;
}

/** A request exactly as given: no Content-Type unless `headers` has one (fetch would add text/plain). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string | string[], on: TestApp = app): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, on.url);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    // An array is sent chunked, one write per element.
    if (Array.isArray(body)) for (const part of body) req.write(part);
    else if (body !== undefined) req.setHeader('content-length', Buffer.byteLength(body)).write(body);
    req.end();
  });
}

describe('the body is read after the key check and the rate limit', () => {
  it('malformed JSON meets the auth limit like any request', async () => {
    const limited = await startApp({ db: app.db, config: { authRateLimit: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await raw('POST', '/v1/auth/login', { 'content-type': 'application/json' }, '{"email": "a@b.c", "password": ', limited);
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('a key-required endpoint answers 401 to a missing key before parsing or validating the body', async () => {
    for (const [headers, body] of [
      [{ 'content-type': 'application/json' }, '{"dot_numbers": ['],
      [{ 'content-type': 'application/json' }, JSON.stringify({ dot_numbers: 'x'.repeat(200_000) })],
      [{ 'content-type': 'application/json' }, '{"unknown": 1}'],
      [{ 'content-type': 'text/plain' }, 'hello'],
    ] as const) {
      const res = await raw('POST', '/v1/carriers/bulk', headers, body);
      expect(res.status, body.slice(0, 20)).toBe(401);
      expect(res.body.error!.code).toBe('UNAUTHORIZED');
    }
  });
});

describe('a JSON endpoint refuses a body that is not declared JSON', () => {
  const key = () => ({ 'x-api-key': account.key });

  it('risk-score: {"min_bipd": -5} without Content-Type is 415, not scored with the defaults', async () => {
    const res = await raw('POST', `/v1/carriers/${dot}/risk-score`, key(), '{"min_bipd": -5}');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' } });
    // The same body declared as JSON is read (and refused for its negative threshold) …
    const declared = await raw('POST', `/v1/carriers/${dot}/risk-score`, { ...key(), 'content-type': 'application/json' }, '{"min_bipd": -5}');
    expect(declared.status).toBe(400);
    expect(declared.body.error!.message).toMatch(/min_bipd/);
    // … and no body at all is still the default policy.
    const empty = await raw('POST', `/v1/carriers/${dot}/risk-score`, { ...key(), 'content-length': '0' });
    expect(empty.status).toBe(200);
    expect(empty.body.policy).toEqual({ min_bipd: 750000, min_cargo: 0 });
  });

  it('chunked without Content-Type, or in another type: 415 on every endpoint that takes JSON', async () => {
    const chunked = await raw('POST', `/v1/carriers/${dot}/risk-score`, key(), ['{"min_cargo"', ': 5}']);
    expect(chunked.status).toBe(415);
    for (const [path, headers] of [
      ['/v1/carriers/bulk', key()],
      ['/v1/watchlist', key()],
      ['/v1/auth/forgot-password', {}],
      ['/v1/auth/signup', { 'content-type': 'text/plain' }],
      ['/v1/carriers/bulk', { ...key(), 'content-type': 'application/x-www-form-urlencoded' }],
    ] as const) {
      const res = await raw('POST', path, headers, '{"dot_numbers": ["1"], "email": "a@example.com"}');
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(415);
      expect(res.body.error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Content-Type must be application/json' });
    }
    const { rows } = await app.db.pool.query('SELECT count(*)::int AS n FROM watchlist_entries');
    expect(rows[0].n).toBe(0);
  });
});
