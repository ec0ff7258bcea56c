/**
 * E-mail delivery: .eml files in the outbox without SMTP_URL; an answer that never waits for or
 * depends on the mail server; failed deliveries retried by a pg-boss job (sealed payload).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { queueMailRetry, startMailRetryWorker } from '../jobs/mail-retry.ts';
import { QUEUES } from '../jobs/queues.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';
import { startApp } from './helpers/app.ts';
import { startSmtp, tokenOf } from './helpers/smtp.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function signupAndForget(app: Awaited<ReturnType<typeof startApp>>, email: string) {
  await app.api.POST('/v1/auth/signup', { body: { email, password: 'longenough' } });
  const res = await app.api.POST('/v1/auth/forgot-password', { body: { email } });
  return { status: res.response.status };
}

describe('outbox (no SMTP_URL)', () => {
  it('writes each message as an .eml file (0600) in the outbox directory', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-outbox-'));
    const app = await startApp({ db, config: { smtpUrl: '', outboxDir, publicUrl: 'http://localhost:3000' } });
    try {
      expect((await signupAndForget(app, 'outbox@example.com')).status).toBe(200);
      await app.services.mailer.idle(120_000);
      const files = fs.readdirSync(outboxDir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const file = path.join(outboxDir, files[0]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const eml = fs.readFileSync(file, 'utf8');
      expect(eml).toMatch(/^To: outbox@example\.com$/m);
      expect(eml).toMatch(/^Subject: Reset your Carrier Data password$/m);
      expect(eml.replace(/=\n/g, '').replace(/=3D/g, '=')).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await app.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('the answer does not depend on delivery', () => {
  it('a mail server that accepts connections but never answers does not delay the answer', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    // nodemailer waits for the greeting longer than any test runs: an answer that waited for the
    // delivery could not come back at all.
    const app = await startApp({ db, config: { smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true&greetingTimeout=600000` } });
    try {
      const { status } = await signupAndForget(app, 'silent@example.com');
      expect(status).toBe(200);
      await expect.poll(() => sockets.length).toBe(1); // delivery is under way in the background
    } finally {
      sockets.forEach((s) => s.destroy());
      await app.close();
      await new Promise((r) => silent.close(r));
    }
  });

  it('no mail server at all: still 200', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((r) => closed.close(r));
    const app = await startApp({ db, config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      expect((await signupAndForget(app, 'nomta@example.com')).status).toBe(200);
      await app.services.mailer.idle(120_000);
    } finally {
      await app.close();
    }
  });
});

describe('retry through pg-boss', () => {
  let boss: PgBoss;
  beforeAll(async () => {
    boss = await startBoss(db.url);
  });
  afterAll(async () => {
    await stopBoss(boss);
  });

  it('a refused delivery is queued (sealed) and the retry job delivers it; the token then works', async () => {
    const smtp = await startSmtp();
    const config = { ...loadConfig(), smtpUrl: smtp.url, serverSecret: 'ab'.repeat(32) };
    const mailer = createMailer(config, { retry: queueMailRetry(boss, config) });
    const app = await startApp({ db, config, services: { mailer, boss } });
    try {
      smtp.failNext(1);
      const answer = smtp.hold();
      const { status } = await signupAndForget(app, 'retry@example.com');
      expect(status).toBe(200);
      // The answer came while the mail server had not answered yet: it did not wait for delivery.
      expect(smtp.refused()).toBe(0);
      answer();
      await mailer.idle(120_000);
      expect(smtp.refused()).toBe(1);
      expect(smtp.received).toHaveLength(0);

      const jobs = await boss.findJobs<{ sealed: string }>(QUEUES.mailRetry.name);
      expect(jobs).toHaveLength(1);
      expect(Object.keys(jobs[0].data)).toEqual(['sealed']);
      expect(jobs[0].data.sealed).not.toMatch(/reset-password|retry@example/);

      await startMailRetryWorker(boss, mailer, config, { pollingIntervalSeconds: 0.5 });
      const mail = await smtp.nextMail();
      expect(mail.to).toEqual(['retry@example.com']);
      const res = await app.api.POST('/v1/auth/reset-password', { body: { token: tokenOf(mail), password: 'after-retry' } });
      expect(res.response.status).toBe(200);
      await expect.poll(async () => (await boss.findJobs(QUEUES.mailRetry.name, { id: jobs[0].id }))[0]?.state).toBe('completed');
    } finally {
      await app.close();
      mailer.close();
      await smtp.close();
    }
  });

  it('queues are created at start and createQueue is safe to repeat (several processes)', async () => {
    const second = await startBoss(db.url);
    try {
      expect(await second.getQueue(QUEUES.mailRetry.name)).toMatchObject({ name: 'mail-retry', retryLimit: 6 });
    } finally {
      await stopBoss(second);
    }
  });
});
