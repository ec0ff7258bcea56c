/**
 * Requests Node's HTTP parser refuses (oversized headers, a malformed request line) are answered
 * like every other failure: the JSON envelope and the security headers, then the connection closes.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Writes `request` on a fresh connection and reads the answer until the server closes it. */
function exchange(request: string): Promise<RawResponse> {
  const { port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])),
        body: body.startsWith('{') ? JSON.parse(body) : body,
      });
    });
    socket.end(request);
  });
}

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
  expect(headers['strict-transport-security']).toMatch(/max-age=/);
  expect(headers['content-type']).toBe('application/json; charset=utf-8');
}

describe("Node's parser errors carry the envelope and the security headers", () => {
  it('oversized headers → 431 HEADERS_TOO_LARGE', async () => {
    const res = await exchange(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' } });
    expectSecurityHeaders(res.headers);
  });

  it('a malformed request line → 400 BAD_REQUEST', async () => {
    for (const request of ['GARBAGE\r\n\r\n', 'GET /v1/health HTTP/9.Z\r\n\r\n', 'GET /v1/health HTTP/1.1\r\nBad Header\r\n\r\n']) {
      const res = await exchange(request);
      expect(res.status, JSON.stringify(request)).toBe(400);
      expect(res.body).toEqual({ error: { code: 'BAD_REQUEST', message: 'Malformed HTTP request' } });
      expectSecurityHeaders(res.headers);
      expect(res.headers['connection']).toBe('close');
    }
  });

  it('the server keeps answering afterwards', async () => {
    expect((await fetch(`${app.url}/v1/health`)).status).toBe(200);
  });
});
