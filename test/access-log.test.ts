import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../lib/logger.ts';
import { accessLog } from '../server/access-log.ts';
import { listen, type RunningServer } from '../server/http.ts';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});
let server: RunningServer;

beforeAll(async () => {
  const app = express();
  app.use(accessLog(pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, sink)));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/missing', (_req, res) => res.status(404).json({}));
  app.get('/boom', (_req, res) => res.status(500).json({}));
  app.get('/todo', (_req, res) => res.status(501).json({}));
  server = await listen(app, 0, '127.0.0.1');
  server.server.keepAliveTimeout = 0; // as test/helpers/app.ts: no request can meet an idle close
});
afterAll(() => server.close());

const logged = async (path: string) => {
  lines.length = 0;
  await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': 'cdl_secret-key' } });
  // Written when the server has finished the response, which may be just after the client has it.
  await expect.poll(() => lines.length).toBeGreaterThan(0);
  expect(lines).toHaveLength(1);
  return lines[0] as { level: number; msg: string; req: { id: number; method: string; url: string }; res: { statusCode: number }; responseTime: number };
};

describe('access log', () => {
  it('writes one line per request: path without its query string, status, time; no headers', async () => {
    const line = await logged('/ok?email=someone%40example.com&token=abc');
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/ok' }, res: { statusCode: 200 } });
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toMatch(/someone|abc|secret-key/);
    const next = await logged('/ok');
    expect(next.req.id).toBeGreaterThan(line.req.id);
  });

  it('logs 4xx at warn, 5xx at error, and 501 (not built yet) at warn', async () => {
    expect((await logged('/missing')).level).toBe(40);
    expect((await logged('/boom')).level).toBe(50);
    expect((await logged('/todo')).level).toBe(40);
  });
});
