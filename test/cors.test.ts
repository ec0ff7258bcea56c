/**
 * CORS for browser apps on other origins: preflights answered (with X-API-Key allowed) before
 * keys and limits, every answer readable by the page (errors and rate-limit headers included), no
 * credentials mode; CORS_ORIGINS narrows the origins.
 */
import { describe, expect, it } from 'vitest';
import { appsOnFreshDatabase, type TestApp } from './helpers/app.ts';
import { signup } from './helpers/watchlist-fixtures.ts';

const ORIGIN = 'https://app.example.com';
const { app } = appsOnFreshDatabase();

const preflight = (a: TestApp, path: string, origin = ORIGIN, method = 'POST') =>
  fetch(`${a.url}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'x-api-key,content-type' },
  });

const list = (v: string | null) => (v ?? '').split(',').map((s) => s.trim().toLowerCase());

describe('CORS_ORIGINS unset: any origin, no credentials', () => {
  it('defaults to any origin', async () => {
    expect((await app()).services.config.corsOrigins).toBe('*');
  });

  it('answers a preflight for X-API-Key and JSON bodies', async () => {
    const a = await app();
    const res = await preflight(a, '/v1/carriers/bulk');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(list(res.headers.get('access-control-allow-methods'))).toEqual(expect.arrayContaining(['get', 'post', 'put', 'delete']));
    expect(list(res.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining(['x-api-key', 'content-type', 'if-none-match']));
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('lets the page read answers, errors and rate-limit headers included', async () => {
    const a = await app();
    const account = await signup(a, 'cors@example.com');
    const me = await fetch(`${a.url}/v1/auth/me`, { headers: { Origin: ORIGIN, 'X-API-Key': account.key } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe('*');
    expect(list(me.headers.get('access-control-expose-headers'))).toEqual(expect.arrayContaining(['ratelimit', 'ratelimit-policy', 'retry-after', 'etag']));
    const refused = await fetch(`${a.url}/v1/auth/me`, { headers: { Origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('preflights do not spend the rate limit', async () => {
    const a = await app({ anonymousRateLimit: 2 });
    for (let i = 0; i < 5; i++) expect((await preflight(a, '/v1/carriers/search', ORIGIN, 'GET')).status).toBe(204);
    const res = await fetch(`${a.url}/v1/carriers/search`, { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit')).toMatch(/r=1/);
  });
});

describe('CORS_ORIGINS=https://app.example.com', () => {
  it('allows that origin and no other', async () => {
    const a = await app({ corsOrigins: [ORIGIN] });
    const allowed = await preflight(a, '/v1/watchlist');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    const other = await preflight(a, '/v1/watchlist', 'https://evil.example.net');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${a.url}/v1/health`, { headers: { Origin: 'https://evil.example.net' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
