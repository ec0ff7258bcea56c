/**
 * Error messages in plain words, naming the parameter or field as the client wrote it, instead of
 * the validator's paths and schema terms (`body.dot_numbers must have required property …`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';
import { signup } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await startApp();
  key = (await signup(app, 'words@example.com')).key;
});
afterAll(async () => {
  await app.close();
});

async function message(path: string, init: { method?: string; body?: string; json?: boolean; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'X-API-Key': key, ...(init.json === false ? {} : init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.body,
  });
  const body = await res.json();
  return [res.status, body.error.code, body.error.message];
}

describe('plain-word messages', () => {
  it("the issue's three examples", async () => {
    expect(await message('/v1/carriers/bulk', { method: 'POST', body: '{}' })).toEqual([400, 'INVALID_PARAM', 'dot_numbers is required']);
    expect(await message('/v1/carriers/123?as_of=yesterday')).toEqual([400, 'INVALID_PARAM', 'as_of must be a date (YYYY-MM-DD)']);
    expect(await message('/v1/carriers/bulk', { method: 'POST', body: '{"dot_numbers": ["1"]}', json: false, headers: { 'content-type': 'text/plain' } })).toEqual([
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Content-Type must be application/json',
    ]);
  });

  it('every kind of schema finding', async () => {
    const cases: [string, Parameters<typeof message>[1], string][] = [
      ['/v1/carriers/bulk', { method: 'POST', body: '[]' }, 'the body must be a JSON object'],
      ['/v1/carriers/bulk', { method: 'POST' }, 'A JSON body is required (Content-Type: application/json)'],
      ['/v1/carriers/bulk', { method: 'POST', body: '{"dot_numbers": ["1"], "x": 1}' }, 'x is not a known field'],
      ['/v1/carriers/bulk', { method: 'POST', body: JSON.stringify({ dot_numbers: Array(51).fill('1') }) }, 'dot_numbers must have at most 50 entries'],
      ['/v1/carriers/bulk', { method: 'POST', body: '{"dot_numbers": []}' }, 'dot_numbers must have at least 1 entry'],
      ['/v1/carriers/bulk', { method: 'POST', body: '{"dot_numbers": ["1", "a"]}' }, 'dot_numbers[1] must be 1 to 8 digits'],
      ['/v1/carriers/bulk', { method: 'POST', body: '{"dot_numbers": "1"}' }, 'dot_numbers must be a list (JSON array)'],
      ['/v1/carriers/12ab', {}, 'dot_number must be 1 to 8 digits'],
      ['/v1/carriers/search?foo=1', {}, 'foo is not a known query parameter'],
      ['/v1/carriers/search?status=x', {}, 'status must be one of ACTIVE, INACTIVE, ALL'],
      ['/v1/carriers/search?state=xyz', {}, 'state must be a 2-letter code'],
      ['/v1/carriers/search?q=a&q=b', {}, 'q must be given once'],
      [`/v1/carriers/search?q=${'x'.repeat(201)}`, {}, 'q must be at most 200 characters long'],
      ['/v1/carriers/search?per_page=101', {}, 'per_page must be at most 100'],
      ['/v1/carriers/search?per_page=0', {}, 'per_page must be at least 1'],
      ['/v1/watchlist/changes?since=soon', {}, 'since must be an RFC 3339 date-time (e.g. 2026-03-01T00:00:00Z) or a date (YYYY-MM-DD)'],
      ['/v1/watchlist/check', {}, 'dot_number is required'],
      ['/v1/carriers/123', { headers: { 'If-None-Match': 'x'.repeat(1025) } }, 'the If-None-Match header must be at most 1024 characters long'],
      ['/v1/auth/reset-password', { method: 'POST', body: '{}' }, 'token is required; password is required'],
      ['/v1/auth/signup', { method: 'POST', body: '{"email": "nope", "password": "longenough"}' }, 'email must be an e-mail address'],
      ['/v1/watchlist/webhook', { method: 'PUT', body: '{"url": "not a url"}' }, 'url must be an absolute URL'],
      ['/v1/carriers/123/risk-score', { method: 'POST', body: '{"min_bipd": "lots"}' }, 'min_bipd must be a whole number'],
    ];
    for (const [path, init, text] of cases) {
      const [status, code, got] = await message(path, init);
      expect([status, code], path).toEqual([400, 'INVALID_PARAM']);
      expect(got, path).toBe(text);
    }
  });
});
