/**
 * No one gets in, nothing leaks: every required-key operation refuses a missing, unknown,
 * replaced and deactivated key; security headers are set; and a real server process, driven
 * through sign-up, login, password reset, key rotation and webhook secrets, never writes a key,
 * password, token or secret to its logs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { operations } from '../server/openapi.ts';
import { securityHeaders } from '../server/security-headers.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';

const fill = (p: string) => p.replace('{dot_number}', '1234').replace('{etl_run_id}', '1');
const BODIES: Record<string, unknown> = {
  bulkCarriers: { dot_numbers: ['1'] },
  bulkCarriersByMc: { mc_numbers: ['1'] },
  addToWatchlist: { dot_numbers: ['1'] },
  putWebhook: { url: 'https://example.com/hook' },
};
const required = operations.filter((o) => o.keyUse === 'required');

async function call(url: string, op: (typeof operations)[number], key?: string) {
  const body = BODIES[op.operationId];
  const query = op.operationId === 'checkWatchlist' ? '?dot_number=1' : '';
  return fetch(`${url}${fill(op.path)}${query}`, {
    method: op.method.toUpperCase(),
    headers: { ...(key ? { 'X-API-Key': key } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('keys', () => {
  let app: TestApp;
  let replaced: string;
  let inactive: string;
  beforeAll(async () => {
    app = await startApp();
    const a = await app.api.POST('/v1/auth/signup', { body: { email: 'rotated@example.com', password: 'password-1' } });
    replaced = a.data!.api_key!;
    await app.api.POST('/v1/auth/regenerate-key', { headers: { 'X-API-Key': replaced } });
    const b = await app.api.POST('/v1/auth/signup', { body: { email: 'inactive@example.com', password: 'password-2' } });
    inactive = b.data!.api_key!;
    await app.db.pool.query("UPDATE accounts SET is_active = false WHERE email = 'inactive@example.com'");
  });
  afterAll(() => app.close());

  it('covers the required-key operations of the contract', () => {
    // bulk ×2, risk-score, watchlist ×5, webhook ×6, me, regenerate-key (spec: Authentication);
    // receipts ×3 (beyond the spec).
    expect(required.map((o) => o.operationId).sort()).toEqual(
      ['addToWatchlist', 'bulkCarriers', 'bulkCarriersByMc', 'checkWatchlist', 'createReceipt', 'deleteWebhook', 'getMe',
        'getReceipt', 'getWatchlistChanges', 'getWebhook', 'listReceipts', 'listWatchlist', 'listWebhookDeliveries', 'putWebhook',
        'regenerateKey', 'removeFromWatchlist', 'rotateWebhookSecret', 'scoreCarrierRisk', 'testWebhook'].sort(),
    );
  });

  for (const [label, key] of [
    ['no key', () => undefined],
    ['an unknown key', () => 'cdk_' + 'q'.repeat(43)],
    ['a replaced key', () => replaced],
    ["a deactivated account's key", () => inactive],
  ] as const) {
    it(`every required-key operation refuses ${label} with 401 UNAUTHORIZED`, async () => {
      for (const op of required) {
        const res = await call(app.url, op, key());
        expect(res.status, `${op.method} ${op.path}`).toBe(401);
        expect((await res.json()).error.code).toBe('UNAUTHORIZED');
      }
    });
  }

  it('sets security headers and no framework banner', async () => {
    const res = await fetch(`${app.url}/v1/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it("sets exactly helmet's headers (worked out once, not per request)", async () => {
    const headersOf = async (middleware: express.RequestHandler) => {
      const server = express().use(middleware).get('/', (_req, res) => res.json({})).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
        return [...res.headers].filter(([name]) => !['date', 'etag', 'connection', 'keep-alive', 'content-length'].includes(name));
      } finally {
        server.close();
      }
    };
    const ours = await headersOf(securityHeaders());
    expect(ours).toEqual(await headersOf(helmet()));
    expect(ours.length).toBeGreaterThan(10);
    expect(Object.fromEntries(ours)).not.toHaveProperty('x-powered-by');
  });
});

describe('logs of a real server process', () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let logs = '';
  let dataDir: string;
  let url: string;
  /**
   * A request to the server process on a connection of its own: the server closes a connection
   * idle for 5 s, and one reused just then (a loaded machine's pause) would fail with ECONNRESET.
   */
  const call = (p: string, init: RequestInit = {}) =>
    fetch(`${url}${p}`, { ...init, headers: { ...(init.headers as Record<string, string>), connection: 'close' } });

  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-security-'));
    const port = 30000 + Math.floor(Math.random() * 2500); // below the ephemeral range, above the test PostgreSQL's
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'trace',
        SAMPLE_CARRIERS: '0',
        SMTP_URL: '',
        BCRYPT_ROUNDS: '4',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (logs += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (logs += c.toString()));
    // Until it answers, however long a loaded machine takes (the hook's timeout is the limit).
    while (child.exitCode === null && child.signalCode === null) {
      if ((await call('/v1/health').catch(() => null))?.ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server exited before it answered:\n${logs.slice(-2000)}`);
  });

  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never contains an API key, password, reset token or webhook secret', async () => {
    const post = (p: string, body: unknown, key?: string) =>
      call(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'X-API-Key': key } : {}) },
        body: JSON.stringify(body),
      });
    const password = 'Sup3r-Secret-Passw0rd';
    const newPassword = 'An0ther-Secret-Passw0rd';
    const signup = await (await post('/v1/auth/signup', { email: 'leak@example.com', password })).json();
    const key1: string = signup.api_key;
    await post('/v1/auth/login', { email: 'leak@example.com', password: 'wrong-password-typed' });
    const login = await (await post('/v1/auth/login', { email: 'leak@example.com', password })).json();
    expect(login.api_key).toBe(key1);
    await call(`/v1/auth/me?api_key=${key1}`, { headers: { 'X-API-Key': key1 } });
    await post('/v1/auth/forgot-password', { email: 'leak@example.com' });
    // The reset mail lands in DATA_DIR/outbox as an .eml file; take the token from its link.
    const outboxToken = () => {
      const outbox = path.join(dataDir, 'outbox');
      let found = '';
      for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        found = fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '').match(/token=3D([A-Za-z0-9_-]+)|token=([A-Za-z0-9_-]+)/)?.slice(1).find(Boolean) ?? '';
      }
      return found;
    };
    await expect.poll(outboxToken, { interval: 100 }).not.toBe('');
    const token = outboxToken();
    expect((await post('/v1/auth/reset-password', { token, password: newPassword })).status).toBe(200);
    // The reset replaced key1; the next login returns its successor.
    const relogin = await (await post('/v1/auth/login', { email: 'leak@example.com', password: newPassword })).json();
    const keyAfterReset: string = relogin.api_key;
    expect(keyAfterReset).not.toBe(key1);
    const rotated = await (await post('/v1/auth/regenerate-key', {}, keyAfterReset)).json();
    const key2: string = rotated.api_key;
    const hook = await call('/v1/watchlist/webhook', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-API-Key': key2 },
      body: JSON.stringify({ url: 'https://example.com/receiver' }),
    });
    const secrets = [key1, keyAfterReset, key2, password, newPassword, token];
    for (const s of secrets) expect(s).toEqual(expect.any(String));
    if (hook.status === 200) {
      const { secret } = await hook.json();
      if (secret) secrets.push(secret);
      const rot = await (await post('/v1/watchlist/webhook/rotate-secret', {}, key2)).json();
      if (rot.secret) secrets.push(rot.secret);
    }
    // The server logs each request as it finishes, in order: once the line of a last request has
    // come through the pipe, every line about the requests before it has too.
    const last = `/v1/end-of-test-${Date.now()}`;
    expect((await call(last)).status).toBe(404);
    await expect.poll(() => logs.includes(`"url":"${last}"`)).toBe(true);
    expect(logs.length).toBeGreaterThan(1000); // trace level: every request was logged
    for (const s of secrets) expect(logs.includes(s), `a secret (${s.slice(0, 4)}…) appeared in the logs`).toBe(false);
  });

  it("never contains a webhook URL's password, whatever the answer", async () => {
    const signup = await fetch(`${url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'hook-leak@example.com', password: 'longenough' }),
    });
    const key: string = (await signup.json()).api_key;
    const password = 'Hook-Passw0rd-In-Url';
    const hookLines = () => logs.split('\n').filter((l) => l.includes('"url":"/v1/watchlist/webhook"')).length;
    const linesBefore = hookLines();
    const answers: number[] = [];
    for (const hook of [
      `https://user:${password}@hooks.example.com/x`,
      `HTTP://user:${password}@hooks.example.com/x`,
      `http:/user:${password}@hooks.example.com/x`,
      `https://user:${password}@127.0.0.1/x`,
    ]) {
      const res = await fetch(`${url}/v1/watchlist/webhook`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ url: hook }),
      });
      answers.push(res.status);
      expect(await res.text()).not.toContain(password);
    }
    expect(answers).toEqual([400, 400, 400, 400]);
    // Wait for the access-log lines of the four requests (written once each answer has gone out).
    await expect.poll(hookLines).toBe(linesBefore + 4);
    expect(logs.includes(password), "a webhook URL's password appeared in the logs").toBe(false);
  });
});
