/**
 * Integer and number parameters are decimal: `0x10`, `1e1` and ` 10` are not 16, 10 and 10 but a
 * 400 naming the parameter, and a parameter given twice is too; where the contract says a
 * malformed value falls back to a default (`x-clamp` limits), they are that default instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';
import { signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let account: TestAccount;
beforeAll(async () => {
  app = await startApp();
  account = await signup(app, 'numbers@example.com');
});
afterAll(async () => {
  await app.close();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, body: await res.json() };
};

describe('integer and number parameters', () => {
  it('hex, exponent and padded spellings are 400 INVALID_PARAM naming the parameter', async () => {
    for (const [query, name] of [
      ['page=0x10', 'page'],
      ['page=1e1', 'page'],
      ['page=%2010', 'page'],
      ['page=10%20', 'page'],
      ['page=', 'page'],
      ['per_page=0x10', 'per_page'],
      ['fleet_min=1e1', 'fleet_min'],
      ['radius=0b11&lat=41&lon=-96', 'radius'],
    ]) {
      const res = await get(`/v1/carriers/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ error: { code: 'INVALID_PARAM', message: `${name} must be a whole number in decimal digits` } });
    }
    for (const query of ['lat=0x10&lon=-96', 'lat=1e1&lon=-96', 'lat=Infinity&lon=-96', 'lat=%2041&lon=-96']) {
      const res = await get(`/v1/carriers/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toBe('lat must be a number in decimal notation');
    }
    const run = await get('/v1/changes/0x1');
    expect(run).toEqual({ status: 400, body: { error: { code: 'INVALID_PARAM', message: 'etl_run_id must be a whole number in decimal digits' } } });
  });

  it('a parameter given twice is 400', async () => {
    const res = await get('/v1/carriers/search?page=1&page=2');
    expect(res).toEqual({ status: 400, body: { error: { code: 'INVALID_PARAM', message: 'page must be given once' } } });
  });

  it('plain decimal values pass (a minus sign reaches the range check)', async () => {
    const page = await get('/v1/carriers/search?page=2&per_page=10&fleet_min=0');
    expect(page.status).toBe(200);
    expect(page.body.pagination).toMatchObject({ page: 2, per_page: 10 });
    expect((await get('/v1/carriers/search?lat=41.25&lon=-96.&radius=200')).status).toBe(200);
    expect((await get('/v1/carriers/search?lat=-.5&lon=0')).status).toBe(200);
    const negative = await get('/v1/carriers/search?page=-1');
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toMatch(/page/);
  });
});

describe('x-clamp limits fall back to their default instead', () => {
  it('risk-history limit: malformed or repeated → 50', async () => {
    for (const [query, applied] of [
      ['limit=7', 7], ['limit=0x10', 50], ['limit=1e1', 50], ['limit=%2010', 50], ['limit=10%20', 50],
      ['limit=5&limit=7', 50], ['limit=1,2', 50], ['limit=999', 200],
    ] as const) {
      const res = await get(`/v1/carriers/123/risk-history?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.limit, query).toBe(applied);
    }
  });

  it('deliveries limit: malformed or repeated → 20', async () => {
    for (const [query, applied] of [['limit=7', 7], ['limit=0x10', 20], ['limit=%2010', 20], ['limit=5&limit=7', 20]] as const) {
      const res = await get(`/v1/watchlist/webhook/deliveries?${query}`, { 'X-API-Key': account.key });
      expect(res.status, query).toBe(200);
      expect(res.body.limit, query).toBe(applied);
    }
  });
});
