/**
 * Webhooks end to end with real receivers on 127.0.0.2: configuration rules, the synchronous test
 * delivery, signatures (verified with @octokit/webhooks-methods and by the Standard Webhooks
 * recipe), the deliveries log, URL policy, isolation, and the durable retry schedule run by real
 * pg-boss workers, including a restart between attempts. Retries keep the spec's delays; a test
 * brings each retry forward when it is ready for it (helpers/webhook-jobs.ts), so none can fire
 * early on a slow machine, and the schedule is checked on the stored instants.
 */
import dns from 'node:dns';
import os from 'node:os';
import { verify } from '@octokit/webhooks-methods';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { paths } from '../generated/openapi.ts';
import type { Config } from '../lib/config.ts';
import { webhookUrlProblem } from '../lib/webhooks/url-policy.ts';
import { postOnce } from '../lib/webhooks/deliver.ts';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { fanOut } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { startWebhookDeliveryWorker } from '../jobs/webhook-delivery.ts';
import { putChanges } from './helpers/carrier-rows.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { freshDatabase } from './helpers/db.ts';
import { signedWith, startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { dueNow, queuedAttempts } from './helpers/webhook-jobs.ts';
import { DAY_MS, putRunAt, seedCarriers, signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

/** The spec's retry delays (1, 5, 30 minutes). */
const DELAYS = [60, 300, 1800];
/**
 * The receivers here answer at once, so the timeout only has to outlast a loaded machine. The
 * tests of a receiver that never answers use a server of their own with SHORT_TIMEOUT_MS: that
 * timeout firing is what they wait for.
 */
const CONFIG: Partial<Config> = { webhookRetryDelays: DELAYS, webhookTimeoutMs: 120_000, jobPollingMs: 500 };
const SHORT_TIMEOUT_MS = 500;

const receivers: TestReceiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

let nextDay = 0;
/** A served run in which the carriers `dots` changed (fleet_change); returns its id. */
async function runChanging(app: TestApp, dots: string[]): Promise<number> {
  const id = await putRunAt(app.db.pool, new Date(Date.UTC(2026, 9, 1) + nextDay++ * DAY_MS));
  await putChanges(app.db.pool, id, dots.map((dot) => ({ dot, category: 'fleet_change', old: { power_units: 1, drivers: 1 }, new: { power_units: 20, drivers: 20 } })));
  return id;
}

async function hooked(app: TestApp, email: string, url: string, watch: string[] = []): Promise<TestAccount & { secret: string }> {
  const account = await signup(app, email);
  const { data } = await account.api.PUT('/v1/watchlist/webhook', { body: { url } });
  if (watch.length) await account.api.POST('/v1/watchlist', { body: { dot_numbers: watch } });
  return { ...account, secret: data!.secret! };
}


const deliveries = async (a: TestAccount) => (await a.api.GET('/v1/watchlist/webhook/deliveries')).data!.deliveries;

/** The state of one pg-boss job of the delivery queue. */
const jobState = async (boss: PgBoss, id: string) => (await boss.findJobs(QUEUES.webhookDelivery.name, { id }))[0]?.state;

describe('configuration, test delivery, log (no workers)', () => {
  let app: TestApp;
  let ok: TestReceiver;
  beforeAll(async () => {
    app = await startApp({ config: CONFIG });
    ok = await receiver(() => 200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('no webhook: GET, DELETE, rotate and test are 404; the log is empty', async () => {
    const a = await signup(app, 'none@example.com');
    for (const res of [
      await a.api.GET('/v1/watchlist/webhook'),
      await a.api.DELETE('/v1/watchlist/webhook'),
      await a.api.POST('/v1/watchlist/webhook/rotate-secret'),
      await a.api.POST('/v1/watchlist/webhook/test'),
    ]) {
      expect(res.response.status).toBe(404);
      expect(res.error).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    expect((await a.api.GET('/v1/watchlist/webhook/deliveries')).data).toEqual({ deliveries: [], limit: 20 });
  });

  it('PUT creates (200, secret once), updates keep the secret, DELETE disables, re-enabling is a create', async () => {
    const a = await signup(app, 'config@example.com');
    const created = await a.api.PUT('/v1/watchlist/webhook', { body: { url: ok.url } });
    expect(created.response.status).toBe(200);
    expect(created.data).toEqual({
      account_id: a.id,
      url: ok.url,
      enabled: true,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const secret = created.data!.secret!;

    const got = await a.api.GET('/v1/watchlist/webhook');
    expect(got.data).not.toHaveProperty('secret');
    expect(got.data).toMatchObject({ url: ok.url, enabled: true });

    const updated = await a.api.PUT('/v1/watchlist/webhook', { body: { url: `${ok.url}?v=2` } });
    expect(updated.response.status).toBe(200);
    expect(updated.data).not.toHaveProperty('secret');
    expect(updated.data).toMatchObject({ url: `${ok.url}?v=2`, enabled: true, created_at: created.data!.created_at });

    for (let i = 0; i < 2; i++) {
      const disabled = await a.api.DELETE('/v1/watchlist/webhook');
      expect(disabled.response.status).toBe(200);
      expect(disabled.data).toMatchObject({ enabled: false, url: `${ok.url}?v=2` });
      expect(disabled.data).not.toHaveProperty('secret');
    }
    expect((await a.api.GET('/v1/watchlist/webhook')).data!.enabled).toBe(false);

    // Re-enabling a disabled webhook is a create (spec state table): a new secret, shown once.
    const reenabled = await a.api.PUT('/v1/watchlist/webhook', { body: { url: ok.url } });
    expect(reenabled.data).toMatchObject({ enabled: true, secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(reenabled.data!.secret).not.toBe(secret);

    expect((await a.api.POST('/v1/watchlist/webhook/test')).data!.success).toBe(true);
    expect(await signedWith(ok.received.at(-1)!, reenabled.data!.secret!)).toBe(true);
  });

  it('rotate issues a new secret, the old one stops verifying, enabled is unchanged', async () => {
    const a = await hooked(app, 'rotate@example.com', ok.url);
    await a.api.DELETE('/v1/watchlist/webhook');
    const rotated = await a.api.POST('/v1/watchlist/webhook/rotate-secret');
    expect(rotated.response.status).toBe(200);
    expect(rotated.data).toMatchObject({ enabled: false, secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(rotated.data!.secret).not.toBe(a.secret);
    expect((await a.api.GET('/v1/watchlist/webhook')).data).not.toHaveProperty('secret');

    // On an enabled webhook, deliveries are signed with the new secret only.
    const b = await hooked(app, 'rotate-enabled@example.com', ok.url);
    const fresh = (await b.api.POST('/v1/watchlist/webhook/rotate-secret')).data!;
    expect(fresh).toMatchObject({ enabled: true });
    expect((await b.api.POST('/v1/watchlist/webhook/test')).data!.success).toBe(true);
    const hook = ok.received.at(-1)!;
    expect(await signedWith(hook, fresh.secret!)).toBe(true);
    expect(await signedWith(hook, b.secret)).toBe(false);
  });

  it('test delivery: one signed watchlist.test attempt, reported and logged', async () => {
    const a = await hooked(app, 'test@example.com', ok.url);
    const before = ok.received.length;
    const sentAfter = Math.floor(Date.now() / 1000);
    const res = await a.api.POST('/v1/watchlist/webhook/test');
    const sentBefore = Math.floor(Date.now() / 1000);
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ attempts: 1, duration_ms: expect.any(Number), error: '', status_code: 200, success: true });
    expect(ok.received).toHaveLength(before + 1);
    const hook = ok.received.at(-1)!;
    expect(hook.headers['x-service-event']).toBe('watchlist.test');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hook.headers['webhook-id']).toMatch(/^msg_\d+$/);
    // Signed when it was sent: between the request and its answer.
    expect(Number(hook.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(sentAfter);
    expect(Number(hook.headers['webhook-timestamp'])).toBeLessThanOrEqual(sentBefore);
    expect(await signedWith(hook, a.secret)).toBe(true);
    expect(await verify(a.secret, `${hook.body} `, String(hook.headers['x-service-signature']))).toBe(false);
    expect(JSON.parse(hook.body)).toEqual({ event: 'watchlist.test', account_id: a.id, sent_at: expect.any(String), message: expect.any(String) });

    const [logged] = await deliveries(a);
    expect(logged).toEqual({
      id: Number(String(hook.headers['webhook-id']).slice(4)),
      event: 'watchlist.test',
      etl_run_id: null,
      attempt: 1,
      status: 'succeeded',
      status_code: 200,
      error: null,
      duration_ms: expect.any(Number),
      created_at: expect.any(String),
      next_attempt_at: null,
    });
  });

  it('test delivery to a failing or absent receiver: 200 with success false, no retry', async () => {
    const failing = await receiver(() => 503);
    const a = await hooked(app, 'test-fail@example.com', failing.url);
    const res = await a.api.POST('/v1/watchlist/webhook/test');
    expect(res.data).toMatchObject({ attempts: 1, status_code: 503, success: false, error: expect.stringContaining('503') });

    const gone = await receiver();
    await gone.close();
    await a.api.PUT('/v1/watchlist/webhook', { body: { url: gone.url } });
    const refused = await a.api.POST('/v1/watchlist/webhook/test');
    expect(refused.data).toMatchObject({ attempts: 1, status_code: 0, success: false, error: expect.stringMatching(/ECONNREFUSED/) });

    const silent = await receiver(() => 'hang');
    await a.api.PUT('/v1/watchlist/webhook', { body: { url: silent.url } });
    const impatient = await startApp({ db: app.db, config: { ...CONFIG, webhookTimeoutMs: SHORT_TIMEOUT_MS } });
    try {
      const timedOut = await createClient<paths>({ baseUrl: impatient.url, headers: { 'X-API-Key': a.key } }).POST('/v1/watchlist/webhook/test');
      expect(timedOut.data).toMatchObject({ status_code: 0, success: false, error: 'no answer within 500 ms' });
      expect(timedOut.data!.duration_ms).toBeGreaterThanOrEqual(490);
    } finally {
      await impatient.close();
    }

    const log = await deliveries(a);
    expect(log.map((d) => [d.status, d.attempt, d.status_code, d.next_attempt_at])).toEqual([
      ['failed', 1, null, null],
      ['failed', 1, null, null],
      ['failed', 1, 503, null],
    ]);
  });

  it('deliveries limit: default 20, clamped to [1, 100], malformed → 20', async () => {
    const a = await hooked(app, 'limit@example.com', ok.url);
    for (let i = 0; i < 3; i++) await a.api.POST('/v1/watchlist/webhook/test');
    const all = await deliveries(a);
    expect(all).toHaveLength(3);
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((x, y) => y - x));
    const cases: [string, number][] = [['2', 2], ['0', 1], ['-5', 1], ['1000', 100], ['abc', 20], ['2.5', 20], ['1e3', 20]];
    for (const [limit, applied] of cases) {
      const { data, response } = await a.api.GET('/v1/watchlist/webhook/deliveries', { params: { query: { limit } } });
      expect(response.status, limit).toBe(200);
      expect(data!.limit, limit).toBe(applied);
      expect(data!.deliveries).toHaveLength(Math.min(applied, 3));
    }
  });

  it('URL rules: http(s) only, refused host literals → 400 INVALID_PARAM and nothing changes', async () => {
    const a = await hooked(app, 'urls@example.com', ok.url);
    const bad = [
      'ftp://example.com/hook',
      'file:///etc/passwd',
      'http://localhost:8080/hook',
      'http://LOCALHOST/hook',
      'http://127.0.0.1:9/hook',
      'http://127.1/hook',
      'http://[::1]/hook',
      'http://[0:0:0:0:0:0:0:1]/hook',
      'http://0.0.0.0/hook',
      'not a url',
      `https://example.com/${'x'.repeat(2048)}`,
    ];
    for (const url of bad) {
      const res = await a.api.PUT('/v1/watchlist/webhook', { body: { url } });
      expect(res.response.status, url).toBe(400);
      expect(res.error, url).toMatchObject({ error: { code: 'INVALID_PARAM' } });
    }
    expect((await a.api.PUT('/v1/watchlist/webhook', { body: {} as { url: string } })).response.status).toBe(400);
    expect((await a.api.GET('/v1/watchlist/webhook')).data!.url).toBe(ok.url);
    // Other loopback addresses and ordinary hosts are allowed by default (spec: no DNS filtering).
    expect((await a.api.PUT('/v1/watchlist/webhook', { body: { url: 'https://hooks.example.com/carrier' } })).response.status).toBe(200);
    expect((await a.api.PUT('/v1/watchlist/webhook', { body: { url: ok.url } })).response.status).toBe(200);
  });

  it('WEBHOOK_BLOCK_PRIVATE=true also refuses private and loopback hosts, at PUT and at delivery', async () => {
    const strict = await startApp({ db: app.db, config: { ...CONFIG, webhookBlockPrivate: true } });
    try {
      const a = await signup(strict, 'strict@example.com');
      for (const url of [ok.url, 'http://10.1.2.3/hook', 'http://192.168.0.10/', 'http://169.254.169.254/latest', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.2]/']) {
        const res = await a.api.PUT('/v1/watchlist/webhook', { body: { url } });
        expect(res.response.status, url).toBe(400);
      }
      expect((await a.api.PUT('/v1/watchlist/webhook', { body: { url: 'http://93.184.215.14/hook' } })).response.status).toBe(200);
      // A URL stored while the setting was off is refused when connecting, not sent.
      await app.db.pool.query('UPDATE webhooks SET url = $2 WHERE account_id = $1', [a.id, ok.url]);
      const before = ok.received.length;
      const res = await a.api.POST('/v1/watchlist/webhook/test');
      expect(res.data).toMatchObject({ success: false, status_code: 0, error: expect.stringContaining('blocked') });
      expect(ok.received).toHaveLength(before);
    } finally {
      await strict.close();
    }
  });

  it("one account can never read or change another's webhook or deliveries", async () => {
    const a = await hooked(app, 'iso-a@example.com', ok.url);
    await a.api.POST('/v1/watchlist/webhook/test');
    const b = await signup(app, 'iso-b@example.com');
    expect((await b.api.GET('/v1/watchlist/webhook')).response.status).toBe(404);
    expect((await b.api.DELETE('/v1/watchlist/webhook')).response.status).toBe(404);
    expect((await b.api.POST('/v1/watchlist/webhook/rotate-secret')).response.status).toBe(404);
    expect((await b.api.POST('/v1/watchlist/webhook/test')).response.status).toBe(404);
    expect((await b.api.GET('/v1/watchlist/webhook/deliveries')).data!.deliveries).toEqual([]);
    const own = await b.api.PUT('/v1/watchlist/webhook', { body: { url: `${ok.url}?b` } });
    expect(own.data!.account_id).toBe(b.id);
    expect((await a.api.GET('/v1/watchlist/webhook')).data).toMatchObject({ url: ok.url, enabled: true });
    expect(await deliveries(a)).toHaveLength(1);
    expect(await deliveries(b)).toEqual([]);
    expect((await app.api.GET('/v1/watchlist/webhook')).response.status).toBe(401);
  });
});

describe('URL policy and transport (units)', () => {
  it('resolves names when blocking private addresses', async () => {
    const answer = (address: string) => (async () => [{ address, family: address.includes(':') ? 6 : 4 }]) as unknown as typeof dns.promises.lookup;
    expect(await webhookUrlProblem('https://internal.example/hook', { blockPrivate: true, lookup: answer('10.0.0.7') })).toMatch(/10\.0\.0\.7/);
    expect(await webhookUrlProblem('https://internal.example/hook', { blockPrivate: true, lookup: answer('fe80::1') })).toMatch(/fe80::1/);
    expect(await webhookUrlProblem('https://public.example/hook', { blockPrivate: true, lookup: answer('93.184.215.14') })).toBeNull();
    expect(await webhookUrlProblem('https://public.example/hook', { blockPrivate: false, lookup: answer('10.0.0.7') })).toBeNull();
  });

  it('refuses, at connection time, a host name that resolves to loopback', async () => {
    const host = os.hostname();
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
    if (!addresses.length || !addresses.every((a) => a.address.startsWith('127.') || a.address === '::1')) return; // not resolvable to loopback here
    const local = await receiver(() => 200, addresses[0].address);
    const url = local.url.replace(addresses[0].address, host);
    expect((await postOnce(url, '{}', {}, { timeoutMs: 30_000, blockPrivate: false })).success).toBe(true);
    const blocked = await postOnce(url, '{}', {}, { timeoutMs: 30_000, blockPrivate: true });
    expect(blocked).toMatchObject({ success: false, status_code: null, error: expect.stringContaining('private or loopback') });
    expect(local.received).toHaveLength(1);
  });
});

describe.concurrent('deliveries by the pg-boss workers (schedule, isolation, durability)', () => {
  let app: TestApp;
  let boss: PgBoss;
  let carriers: string[];
  beforeAll(async () => {
    app = await startApp({ config: CONFIG });
    carriers = await seedCarriers(app.db.pool, await putRunAt(app.db.pool, new Date(Date.UTC(2026, 8, 1))), 3_000_001, 20);
    boss = await startBoss(app.db.url);
    await startWebhookDeliveryWorker(boss, { pool: app.db.pool, config: app.services.config });
  });
  afterAll(async () => {
    if (boss) await stopBoss(boss, 2000);
    await app?.close();
  });

  /** The delivery's row once it is `retrying` after attempt `attempt`. */
  async function retrying(a: TestAccount, attempt: number, expect: ExpectStatic) {
    await expect.poll(async () => (await deliveries(a))[0]).toMatchObject({ status: 'retrying', attempt });
    return (await deliveries(a))[0];
  }

  it('500, 500, 200: exactly three attempts at the configured delays, same body and webhook-id', async ({ expect }) => {
    const r = await receiver((n) => (n <= 2 ? 500 : 200));
    const a = await hooked(app, 'schedule@example.com', r.url, [carriers[0], carriers[1]]);
    const run = await runChanging(app, [carriers[0], carriers[1]]);
    expect(await fanOut({ pool: app.db.pool, boss }, run)).toMatchObject({ deliveries: 1 });

    await r.waitFor(1);
    for (const [i, delay] of DELAYS.slice(0, 2).entries()) {
      const failed = i + 1;
      const row = await retrying(a, failed, expect);
      // The next attempt is queued for exactly `delay` after the failed one, as its row says...
      const { rows } = await app.db.pool.query('SELECT attempted_at FROM webhook_delivery_attempts WHERE delivery_id = $1 AND attempt = $2', [row.id, failed]);
      expect(Date.parse(row.next_attempt_at!) - rows[0].attempted_at.getTime()).toBe(delay * 1000);
      const [queued] = await queuedAttempts(boss, row.id);
      expect(queued).toMatchObject({ attempt: failed + 1, startAfter: new Date(row.next_attempt_at!) });
      // ...and is not made before that: nothing more has arrived while it waits.
      expect(r.received).toHaveLength(failed);
      await dueNow(boss, row.id);
      await r.waitFor(failed + 1);
    }
    const [first, second, third] = r.received;
    for (const hook of [first, second, third]) {
      expect(await signedWith(hook, a.secret)).toBe(true);
      expect(hook.body).toBe(first.body);
      expect(hook.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(hook.headers['x-service-event']).toBe('watchlist.changes');
    }
    const body = JSON.parse(first.body);
    expect(Object.keys(body)).toEqual(['event', 'etl_run_id', 'batch_ts', 'account_id', 'changes']);
    expect(body).toMatchObject({ event: 'watchlist.changes', etl_run_id: run, account_id: a.id });
    expect(body.changes.map((c: { dot_number: string }) => c.dot_number)).toEqual([carriers[0], carriers[1]]);

    await expect.poll(async () => (await deliveries(a))[0]?.status).toBe('succeeded');
    expect((await deliveries(a))[0]).toMatchObject({ event: 'watchlist.changes', etl_run_id: run, attempt: 3, status_code: 200, error: null, next_attempt_at: null });
    const attempts = await app.db.pool.query(
      'SELECT l.attempt, l.status_code FROM webhook_delivery_attempts l JOIN webhook_deliveries d ON d.id = l.delivery_id WHERE d.account_id = $1 ORDER BY l.attempt',
      [a.id],
    );
    expect(attempts.rows).toEqual([{ attempt: 1, status_code: 500 }, { attempt: 2, status_code: 500 }, { attempt: 3, status_code: 200 }]);
    expect(await queuedAttempts(boss, (await deliveries(a))[0].id)).toEqual([]);
    expect(r.received).toHaveLength(3);
  });

  it('a receiver that never answers: four attempts (first + 3 retries), then failed', async ({ expect }) => {
    const app = await startApp({ config: { ...CONFIG, webhookTimeoutMs: SHORT_TIMEOUT_MS } });
    const boss = await startBoss(app.db.url);
    try {
      await startWebhookDeliveryWorker(boss, { pool: app.db.pool, config: app.services.config });
      const carriers = await seedCarriers(app.db.pool, await putRunAt(app.db.pool, new Date(Date.UTC(2026, 8, 1))), 6_000_001, 1);
      const r = await receiver(() => 'hang');
      const a = await hooked(app, 'dead@example.com', r.url, carriers);
      await fanOut({ pool: app.db.pool, boss }, await runChanging(app, carriers));
      for (let attempt = 1; attempt <= 3; attempt++) {
        const row = await retrying(a, attempt, expect);
        expect(row.error).toBe('no answer within 500 ms');
        expect(r.received).toHaveLength(attempt);
        await dueNow(boss, row.id);
      }
      await expect.poll(async () => (await deliveries(a))[0]?.status).toBe('failed');
      expect((await deliveries(a))[0]).toMatchObject({ attempt: 4, status_code: null, error: 'no answer within 500 ms', next_attempt_at: null });
      expect(r.received).toHaveLength(4);
      expect(await queuedAttempts(boss, (await deliveries(a))[0].id)).toEqual([]);
    } finally {
      await stopBoss(boss, 2000);
      await app.close();
    }
  });

  it('while a retry is pending the log says retrying with next_attempt_at; DELETE drops it', async ({ expect }) => {
    const r = await receiver(() => 500);
    const a = await hooked(app, 'drop@example.com', r.url, [carriers[3]]);
    await fanOut({ pool: app.db.pool, boss }, await runChanging(app, [carriers[3]]));
    const pending = await retrying(a, 1, expect);
    expect(pending).toMatchObject({ attempt: 1, status_code: 500, error: expect.stringContaining('500') });
    expect(Date.parse(pending.next_attempt_at!) - Date.parse(pending.created_at)).toBeGreaterThanOrEqual(DELAYS[0] * 1000);

    expect((await a.api.DELETE('/v1/watchlist/webhook')).data!.enabled).toBe(false);
    expect((await deliveries(a))[0]).toMatchObject({ status: 'failed', attempt: 1, next_attempt_at: null });
    // The retry's time comes: its job runs, finds the delivery dropped and sends nothing.
    const retry = await dueNow(boss, pending.id);
    await expect.poll(() => jobState(boss, retry.id)).toBe('completed');
    expect(r.received).toHaveLength(1);
    expect((await deliveries(a))[0]).toMatchObject({ status: 'failed', attempt: 1 });
  });

  it('a retry after rotate-secret is signed with the new secret', async ({ expect }) => {
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    const a = await hooked(app, 'rotate-retry@example.com', r.url, [carriers[4]]);
    await fanOut({ pool: app.db.pool, boss }, await runChanging(app, [carriers[4]]));
    const pending = await retrying(a, 1, expect);
    const { data } = await a.api.POST('/v1/watchlist/webhook/rotate-secret');
    await dueNow(boss, pending.id);
    const [, retry] = await r.waitFor(2);
    expect(await signedWith(retry, data!.secret!)).toBe(true);
    expect(await signedWith(retry, a.secret)).toBe(false);
  });

  it("a receiver that has not answered yet does not delay another account's delivery", async ({ expect }) => {
    // a's receiver answers only when the test says so; its timeout is longer than any test runs.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const app = await startApp({ config: { jobPollingMs: 500, webhookTimeoutMs: 600_000 } });
    const boss = await startBoss(app.db.url);
    const slow = await receiver(() => ({ status: 200, after: answered }));
    const fast = await receiver(() => 200);
    try {
      await startWebhookDeliveryWorker(boss, { pool: app.db.pool, config: app.services.config });
      const carriers = await seedCarriers(app.db.pool, await putRunAt(app.db.pool, new Date(Date.UTC(2026, 8, 1))), 4_000_001, 2);
      const a = await hooked(app, 'slow@example.com', slow.url, [carriers[0]]);
      const b = await hooked(app, 'fast@example.com', fast.url, [carriers[0], carriers[1]]);

      // Both in one fan-out: b's delivery is made while a's receiver still holds its request.
      await fanOut({ pool: app.db.pool, boss }, await runChanging(app, [carriers[0]]));
      await slow.waitFor(1);
      await fast.waitFor(1);
      await expect.poll(async () => (await deliveries(b)).map((d) => d.status)).toEqual(['succeeded']);
      expect((await deliveries(a))[0]).toMatchObject({ status: 'pending', attempt: 0 });

      // a's attempt still holds a worker: a later delivery to b is made too.
      await fanOut({ pool: app.db.pool, boss }, await runChanging(app, [carriers[1]]));
      await fast.waitFor(2);
      await expect.poll(async () => (await deliveries(b)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
      expect((await deliveries(a))[0]).toMatchObject({ status: 'pending', attempt: 0 });
      expect(slow.received).toHaveLength(1);

      answer();
      await expect.poll(async () => (await deliveries(a))[0]).toMatchObject({ status: 'succeeded', attempt: 1 });
    } finally {
      answer();
      await slow.close();
      await stopBoss(boss, 2000);
      await app.close();
    }
  });

  it('a restart between attempts loses nothing: the pending retry runs on a new worker', async ({ expect }) => {
    const db = await freshDatabase();
    const app = await startApp({ db, config: CONFIG });
    let boss = await startBoss(db.url);
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    try {
      await startWebhookDeliveryWorker(boss, { pool: db.pool, config: app.services.config });
      const carriers = await seedCarriers(db.pool, await putRunAt(db.pool, new Date(Date.UTC(2026, 8, 1))), 5_000_001, 1);
      const a = await hooked(app, 'restart@example.com', r.url, carriers);
      await fanOut({ pool: db.pool, boss }, await runChanging(app, carriers));
      const pending = await retrying(a, 1, expect);

      await stopBoss(boss, 2000); // the process "restarts"
      boss = await startBoss(db.url);
      // The retry falls due while no worker runs: still queued, nothing sent.
      expect(await dueNow(boss, pending.id)).toMatchObject({ attempt: 2 });
      expect((await queuedAttempts(boss, pending.id)).map((q) => q.attempt)).toEqual([2]);
      expect(r.received).toHaveLength(1);

      await startWebhookDeliveryWorker(boss, { pool: db.pool, config: app.services.config });
      const [first, second] = await r.waitFor(2);
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(second.body).toBe(first.body);
      await expect.poll(async () => (await deliveries(a))[0]).toMatchObject({ status: 'succeeded', attempt: 2 });
    } finally {
      await stopBoss(boss, 2000);
      await app.close();
      await db.drop();
    }
  });
});
