/**
 * Whose address the per-IP rate limits count: by default the peer's socket address, whatever
 * X-Forwarded-For says (a client must not pick a fresh address per request); with TRUST_PROXY
 * naming the proxy (here: loopback, where the test client connects from), the address the proxy
 * forwards for.
 */
import { describe, expect, it } from 'vitest';
import { appsOnFreshDatabase, type TestApp } from './helpers/app.ts';

const { app } = appsOnFreshDatabase({ anonymousRateLimit: 5, authRateLimit: 3, rateLimitWindowMs: 60_000 });

const forged = (i: number) => `203.0.113.${i}`;
const search = (a: TestApp, forwardedFor: string) => fetch(`${a.url}/v1/carriers/search`, { headers: { 'X-Forwarded-For': forwardedFor } });
const login = (a: TestApp, forwardedFor: string) =>
  fetch(`${a.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ email: 'victim@example.com', password: 'guess-the-password' }),
  });

describe('TRUST_PROXY unset: X-Forwarded-For is ignored', () => {
  it('the default trusts no proxy', async () => {
    const a = await app({});
    expect(a.services.config.trustProxy).toBe(false);
  });

  it('a forged address per request does not escape the anonymous limit', async () => {
    const a = await app({});
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await search(a, forged(i));
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('nor the auth limit: wrong-password logins from "different" addresses meet it', async () => {
    const a = await app({});
    await a.api.POST('/v1/auth/signup', { body: { email: 'victim@example.com', password: 'the-real-password' } });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await login(a, forged(i))).status);
    // The sign-up spent one of the three.
    expect(statuses).toEqual([401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY=loopback: the proxy on loopback is believed', () => {
  it('each forwarded address has its own allowance; one address still meets its limit', async () => {
    const a = await app({ trustProxy: ['loopback'] });
    for (let i = 1; i <= 8; i++) {
      const res = await search(a, forged(i));
      await res.arrayBuffer();
      expect(res.status, forged(i)).toBe(200);
    }
    const same: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await search(a, forged(100));
      await res.arrayBuffer();
      same.push(res.status);
    }
    expect(same).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('the auth limit counts the forwarded address', async () => {
    const a = await app({ trustProxy: ['loopback'] });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(a, forged(200))).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect((await login(a, forged(201))).status).not.toBe(429);
  });
});
