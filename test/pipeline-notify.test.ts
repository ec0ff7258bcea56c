/**
 * Every successful load notifies its watchers, whoever ran it: the load queues the run's
 * watchlist fan-out in its own transaction (pipeline/load-plan/watchlist-fan-out.ts). One
 * database and one DuckDB file go through a synthetic registry day by day, each day run another
 * way: `pipeline run` (CLI), `pipeline stage load` (CLI, then again), the nightly ETL job, and a
 * load that rolls back, then the failed run run again. Real pg-boss workers (fan-out, webhook
 * deliveries, digests) in this process, a real webhook receiver and a real SMTP server: each
 * committed run reaches each watcher once, by webhook and by e-mail; the rolled-back one queues
 * nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { runEtl } from '../jobs/etl-cron.ts';
import { startNotifyWorkers } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { inTransaction, startWebhookDeliveryWorker } from '../jobs/webhook-delivery.ts';
import { runPipelineCli } from '../lib/pipeline-process.ts';
import type { LoadStep } from '../pipeline/load-plan/step.ts';
import { runDay, runStage } from '../pipeline/run-stages.ts';
import { beginRun, getRun } from '../pipeline/etl-runs.ts';
import { stagesInOrder } from '../pipeline/stages/plan.ts';
import { drained } from './helpers/drained.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { synthDumps } from './helpers/sample.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { signup, type TestAccount } from './helpers/watchlist-fixtures.ts';
import { tempDir, testPipeline } from './pipeline-harness.ts';

let app: TestApp;
let boss: PgBoss;
let smtp: TestSmtp;
let hook: TestReceiver;
/** The pipeline's data dir: its DuckDB file, shared by the CLI processes and this process. */
let dir: string;
let days: string[];
/** Watches every carrier, with a webhook (and digests). */
let withHook: TestAccount;
/** Watches every carrier, digests only. */
let mailOnly: TestAccount;

const pipelineEnv = () => ({ DATA_DIR: dir, DUCKDB_PATH: path.join(dir, 'pipeline.duckdb'), LOG_LEVEL: 'warn' });
const cli = (args: string[]) => runPipelineCli(args, { ...pipelineEnv(), DATABASE_URL: app.db.url });
const dayDir = (i: number) => days[i];
const dayOf = (i: number) => path.basename(days[i]);

beforeAll(async () => {
  smtp = await startSmtp();
  hook = await startReceiver(() => 200);
  app = await startApp({ config: { smtpUrl: smtp.url, jobPollingMs: 500 } });
  boss = await startBoss(app.db.url);
  const deps = { pool: app.db.pool, config: app.services.config };
  await startWebhookDeliveryWorker(boss, deps);
  await startNotifyWorkers(boss, { ...deps, mailer: app.services.mailer });
  const dumps = await synthDumps(300, 5, 42);
  days = fs.readdirSync(dumps).filter((n) => /^\d{4}-\d{2}-\d{2}$/.test(n)).sort().map((n) => path.join(dumps, n));
  expect(days).toHaveLength(5);
  dir = tempDir('pipeline-notify-');
  // Day 1, the baseline, before anyone watches (a first run has no changes to notify).
  await cli(['run', '--input', dayDir(0)]);
  withHook = await signup(app, 'hooked@example.com');
  await withHook.api.PUT('/v1/watchlist/webhook', { body: { url: hook.url } });
  mailOnly = await signup(app, 'mailed@example.com');
  const dots = (await app.db.pool.query<{ dot_number: string }>('SELECT dot_number FROM carriers ORDER BY dot_number')).rows.map((r) => r.dot_number);
  expect(dots.length).toBeLessThanOrEqual(500); // the free tier's watchlist cap
  for (const account of [withHook, mailOnly]) {
    for (let i = 0; i < dots.length; i += 50) await account.api.POST('/v1/watchlist', { body: { dot_numbers: dots.slice(i, i + 50) } });
  }
}, 120_000);

afterAll(async () => {
  if (boss) await stopBoss(boss, 2000);
  await app?.close();
  await hook?.close();
  await smtp?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every queued fan-out, delivery and digest done: nothing more can arrive for the runs so far. */
async function settled() {
  await drained(boss, [QUEUES.watchlistNotify.name, QUEUES.webhookDelivery.name, QUEUES.watchlistDigest.name]);
}

const notifyJobs = async (run: number) =>
  (await boss.findJobs<{ etl_run_id: number }>(QUEUES.watchlistNotify.name, { data: { etl_run_id: run } })).map((j) => j.state);

/** What reached the watchers about run `run` (of day `i`): webhook requests, delivery rows, digests. */
async function delivered(run: number, i: number) {
  const subject = new RegExp(`^Subject: Watchlist: \\d+ carriers? changed on ${dayOf(i)}$`, 'm');
  const mails = (to: string) => smtp.received.filter((m) => m.to.includes(to) && subject.test(m.raw)).length;
  const deliveries = await app.db.pool.query('SELECT account_id, status FROM webhook_deliveries WHERE etl_run_id = $1', [run]);
  return {
    webhooks: hook.received.filter((h) => JSON.parse(h.body).etl_run_id === run).length,
    deliveries: deliveries.rows,
    mails: { [withHook.email]: mails(withHook.email), [mailOnly.email]: mails(mailOnly.email) },
  };
}

/** Each watcher told once: one webhook (one delivery row) and one digest each. */
const ONCE = () => ({
  webhooks: 1,
  deliveries: [{ account_id: withHook.id, status: 'succeeded' }],
  mails: { [withHook.email]: 1, [mailOnly.email]: 1 },
});

/** The run of day `i`, with the changes its watchers are told about. */
async function runOfDay(i: number): Promise<number> {
  const { rows } = await app.db.pool.query<{ etl_run_id: number; changes: number }>(
    `SELECT r.etl_run_id, (SELECT count(*)::int FROM changes c WHERE c.etl_run_id = r.etl_run_id) AS changes
     FROM etl_runs r WHERE r.batch_ts = $1::date AND r.status <> 'failed'`,
    [dayOf(i)],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].changes).toBeGreaterThan(0);
  return rows[0].etl_run_id;
}

// Each case runs the pipeline once or twice in child processes, which on a busy machine outlasts the
// default test timeout.
describe('a load notifies whoever ran it', { timeout: 180_000 }, () => {
  it('`pipeline run`: the run reaches each watcher once', async () => {
    await cli(['run', '--input', dayDir(1)]);
    const run = await runOfDay(1);
    await settled();
    expect(await notifyJobs(run)).toEqual(['completed']);
    expect(await delivered(run, 1)).toEqual(ONCE());
  });

  it('`pipeline stage load` of a run not loaded yet notifies; the same load again notifies no one twice', async () => {
    // Every stage before the load, in this process; then the CLI loads it.
    const stages = stagesInOrder();
    const before = stages.slice(0, stages.findIndex((s) => s.name === 'load'));
    const env = await testPipeline(app.db.pool, dir);
    const { run: begun, release } = (await beginRun(app.db.pool, dayDir(2)))!;
    const run = begun.etl_run_id;
    try {
      for (const stage of before) await runStage(env, begun, stage);
    } finally {
      await release();
      await env.close();
    }
    expect(await notifyJobs(run)).toEqual([]);
    await cli(['stage', 'load', '--run', String(run)]);
    expect((await getRun(app.db.pool, run))!.status).toBe('succeeded');
    await settled();
    expect(await notifyJobs(run)).toEqual(['completed']);
    expect(await delivered(run, 2)).toEqual(ONCE());

    // The load again: it queues the fan-out again, which finds the run fanned out already.
    await cli(['stage', 'load', '--run', String(run)]);
    await settled();
    expect(await notifyJobs(run)).toEqual(['completed', 'completed']);
    expect(await delivered(run, 2)).toEqual(ONCE());
    const fannedOut = await app.db.pool.query('SELECT accounts, deliveries, digests FROM watchlist_notifications WHERE etl_run_id = $1', [run]);
    expect(fannedOut.rows).toEqual([{ accounts: 2, deliveries: 1, digests: 2 }]);
  });

  it('the nightly ETL job: its run reaches each watcher once, queued by the load alone', async () => {
    const input = tempDir('pipeline-notify-etl-');
    fs.symlinkSync(dayDir(3), path.join(input, dayOf(3)));
    const result = await runEtl({
      pool: app.db.pool,
      boss,
      config: { etlInputDir: input },
      databaseUrl: app.db.url,
      runCli: (args, childEnv) => runPipelineCli(args, { ...childEnv, ...pipelineEnv() }),
    });
    const run = await runOfDay(3);
    expect(result.runs).toEqual([run]);
    await settled();
    // One fan-out job: the job no longer queues one of its own beside the load's.
    expect(await notifyJobs(run)).toEqual(['completed']);
    expect(await delivered(run, 3)).toEqual(ONCE());
  });

  it('a load that rolls back queues nothing; the failed run, run again, reaches each watcher once', async () => {
    // Last in the load, after the fan-out step: the job is in the transaction, then it fails.
    let seenInLoad: string[] | null = null;
    const failAfterQueueing: LoadStep = {
      name: 'fail-after-queueing',
      run: async ({ ctx, client }) => {
        const jobs = await boss.findJobs(QUEUES.watchlistNotify.name, { data: { etl_run_id: ctx.runId }, db: inTransaction(client) });
        seenInLoad = jobs.map((j) => j.state);
        throw new Error('load failed after queueing the fan-out');
      },
    };
    const env = await testPipeline(app.db.pool, dir);
    try {
      await expect(runDay(env, dayDir(4), {}, { loadSteps: (steps) => [...steps, failAfterQueueing] })).rejects.toThrow(/after queueing/);
    } finally {
      await env.close();
    }
    const run = (await runIdOfDay(4))!;
    expect(seenInLoad).toEqual(['created']);
    expect((await getRun(app.db.pool, run))!.status).toBe('failed');
    // Rolled back with the load: no job, so no fan-out, delivery or digest can follow.
    expect(await notifyJobs(run)).toEqual([]);
    await settled();
    expect(await delivered(run, 4)).toEqual({ webhooks: 0, deliveries: [], mails: { [withHook.email]: 0, [mailOnly.email]: 0 } });
    expect((await app.db.pool.query('SELECT 1 FROM watchlist_notifications WHERE etl_run_id = $1', [run])).rowCount).toBe(0);

    // `pipeline run` again runs the day as a new run; the failed one keeps its record.
    await cli(['run', '--input', dayDir(4)]);
    const retried = await runOfDay(4);
    expect(retried).not.toBe(run);
    expect((await getRun(app.db.pool, run))!.status).toBe('failed');
    expect((await getRun(app.db.pool, retried))!.status).toBe('succeeded');
    await settled();
    expect(await notifyJobs(run)).toEqual([]);
    expect(await notifyJobs(retried)).toEqual(['completed']);
    expect(await delivered(retried, 4)).toEqual(ONCE());
  });

  it('every run so far reached each watcher exactly once', async () => {
    const runs = (await app.db.pool.query<{ etl_run_id: number }>(`SELECT etl_run_id FROM etl_runs WHERE status = 'succeeded' ORDER BY batch_ts OFFSET 1`)).rows;
    expect(runs).toHaveLength(4);
    const perAccountRun = await app.db.pool.query('SELECT account_id, etl_run_id, count(*)::int AS n FROM webhook_deliveries GROUP BY 1, 2 HAVING count(*) > 1');
    expect(perAccountRun.rows).toEqual([]);
    expect(hook.received).toHaveLength(4);
    const digests = (to: string) => smtp.received.filter((m) => m.to.includes(to) && /^Subject: Watchlist:/m.test(m.raw));
    expect(digests(withHook.email)).toHaveLength(4);
    expect(digests(mailOnly.email)).toHaveLength(4);
  });
});

/** The run id of day `i`, whatever its status. */
async function runIdOfDay(i: number): Promise<number | undefined> {
  const { rows } = await app.db.pool.query<{ etl_run_id: number }>('SELECT etl_run_id FROM etl_runs WHERE batch_ts = $1::date', [dayOf(i)]);
  return rows[0]?.etl_run_id;
}
