/** Every failure renders as {error: {code, message}}: unknown routes, bad JSON, bad types, 501s. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../server/openapi.ts';
import { startApp, type TestApp } from './helpers/app.ts';

let app: TestApp;
let bare: TestApp;
beforeAll(async () => {
  app = await startApp();
  // Same app with no handlers at all: every operation of the contract must answer 501.
  bare = await startApp({ db: app.db, app: { handlers: {} } });
});
afterAll(async () => {
  await bare.close();
  await app.close();
});

async function envelope(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = await res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
  return body.error as { code: string; message: string };
}

describe('error envelope', () => {
  it('unknown route → 404 NOT_FOUND', async () => {
    const res = await fetch(`${app.url}/v1/no-such-thing`);
    expect(res.status).toBe(404);
    expect((await envelope(res)).code).toBe('NOT_FOUND');
    const outside = await fetch(`${app.url}/nothing-here`);
    expect(outside.status).toBe(404);
    expect((await envelope(outside)).code).toBe('NOT_FOUND');
  });

  it('wrong method → 405 METHOD_NOT_ALLOWED with Allow naming the methods the path answers', async () => {
    const res = await fetch(`${app.url}/v1/meta`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect((await envelope(res)).code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    for (const [method, path, allow] of [
      ['PATCH', '/v1/watchlist/webhook', 'GET, HEAD, PUT, DELETE, OPTIONS'],
      ['GET', '/v1/carriers/bulk', 'POST, OPTIONS'],
      ['PUT', '/v1/watchlist', 'GET, HEAD, POST, OPTIONS'],
    ]) {
      const other = await fetch(`${app.url}${path}`, { method });
      expect(other.status, `${method} ${path}`).toBe(405);
      expect(other.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
  });

  it('malformed JSON → 400 INVALID_PARAM', async () => {
    const res = await fetch(`${app.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", "password": ',
    });
    expect(res.status).toBe(400);
    const err = await envelope(res);
    expect(err.code).toBe('INVALID_PARAM');
    expect(err.message).toMatch(/JSON/);
  });

  it('wrong parameter type → 400 INVALID_PARAM naming the parameter', async () => {
    const res = await fetch(`${app.url}/v1/carriers/search?per_page=abc`);
    expect(res.status).toBe(400);
    const err = await envelope(res);
    expect(err.code).toBe('INVALID_PARAM');
    expect(err.message).toMatch(/per_page/);
  });

  it('non-digit DOT → 400 INVALID_PARAM', async () => {
    const res = await fetch(`${app.url}/v1/carriers/12AB`);
    expect(res.status).toBe(400);
    expect((await envelope(res)).code).toBe('INVALID_PARAM');
  });

  it('numbers that overflow to Infinity → 400 INVALID_PARAM, not a 500', async () => {
    const { data: account } = await app.api.POST('/v1/auth/signup', { body: { email: 'inf@example.com', password: 'longenough' } });
    const key = { 'x-api-key': account!.api_key! };
    const query = await fetch(`${app.url}/v1/watchlist/changes?page=1e309`, { headers: key });
    expect(query.status).toBe(400);
    expect((await envelope(query)).code).toBe('INVALID_PARAM');
    const body = await fetch(`${app.url}/v1/carriers/123/risk-score`, {
      method: 'POST',
      headers: { ...key, 'content-type': 'application/json' },
      body: '{"min_bipd": 1e309}',
    });
    expect(body.status).toBe(400);
    expect((await envelope(body)).message).toMatch(/min_bipd/);
  });

  it('oversized body → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await fetch(`${app.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect((await envelope(res)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await fetch(`${app.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(res.status).toBe(415);
    expect((await envelope(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('an operation without a handler answers 501 NOT_IMPLEMENTED', async () => {
    const op = operations.find((o) => o.operationId === 'listChangeRuns')!;
    const res = await fetch(`${bare.url}${op.path}`);
    expect(res.status).toBe(501);
    expect((await envelope(res)).code).toBe('NOT_IMPLEMENTED');
  });

  it('every operation of the contract is routed (501 when no handler)', async () => {
    // Key-required operations answer 401 before routing without a key: send a valid one to all
    // (operations that take no key ignore it).
    const { data: account } = await app.api.POST('/v1/auth/signup', {
      body: { email: 'routed@example.com', password: 'longenough' },
    });
    const keyHeader = { 'x-api-key': account!.api_key };
    const seen: string[] = [];
    for (const op of operations) {
      if (op.operationId === 'getHealth' || op.operationId === 'getMeta') continue;
      const url = `${bare.url}${op.path.replace('{dot_number}', '123').replace('{etl_run_id}', '1').replace('{receipt_id}', '00000000-0000-4000-8000-000000000000')}`;
      // Minimal valid requests so the validator lets them through to the route.
      const query = op.operationId === 'checkWatchlist' ? '?dot_number=123' : '';
      const bodies: Record<string, unknown> = {
        bulkCarriers: { dot_numbers: ['1'] },
        bulkCarriersByMc: { mc_numbers: ['1'] },
        addToWatchlist: { dot_numbers: ['1'] },
        putWebhook: { url: 'https://example.com/hook' },
        signup: { email: 'a@example.com', password: 'longenough' },
        login: { email: 'a@example.com', password: 'longenough' },
        forgotPassword: { email: 'a@example.com' },
        resetPassword: { token: 't', password: 'longenough' },
      };
      const body = bodies[op.operationId];
      const res = await fetch(url + query, {
        method: op.method.toUpperCase(),
        headers: body ? { ...keyHeader, 'content-type': 'application/json' } : keyHeader,
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${op.method} ${op.path}`).toBe(501);
      seen.push(op.operationId);
    }
    expect(seen.length).toBeGreaterThanOrEqual(28);
  });
});
