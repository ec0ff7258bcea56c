/**
 * `npx tsx bench/fanout.ts [--accounts 10000] [--watch 5] [--changed 2000] [--no-digests] [--keep]`
 *
 * Watchlist fan-out at scale: an embedded PostgreSQL, N accounts each watching `--watch` carriers
 * that changed in one run, every account with a webhook to one local receiver (its own process on
 * 127.0.0.2), and the job workers of `npm run worker` (webhook delivery, fan-out, digests to the
 * outbox) with their default settings. The run is marked succeeded and its fan-out queued, as the
 * ETL job does; the figure is the time from that moment to the last webhook delivery received.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { loadConfig } from '../lib/config.ts';
import { ensureDatabase } from '../lib/open-database.ts';
import { createPool } from '../lib/postgres.ts';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { createMailer } from '../lib/mail/mailer.ts';
import { migrate } from '../lib/migrate.ts';
import { newWebhookSecret, sealWebhookSecret } from '../lib/webhooks/secret.ts';
import { startBoss, stopBoss } from '../jobs/boss.ts';
import { enqueueNotify, fanOut, startNotifyWorkers } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { startWebhookDeliveryWorker } from '../jobs/webhook-delivery.ts';
import { benchPorts } from './lib/ports.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const ACCOUNTS = arg('accounts', 10_000);
const WATCH = arg('watch', 5);
const CHANGED = arg('changed', 2_000);
const log = (msg: string) => process.stdout.write(`[fanout] ${msg}\n`);

/** The receiver, in a child process so its event loop is not the workers'. Prints when it has `expected` requests. */
const RECEIVER = `
const http = require('node:http');
const expected = Number(process.argv[1]);
let n = 0, first = 0;
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    n++;
    if (n === 1) first = Date.now();
    res.writeHead(204).end();
    if (n === expected) process.stdout.write('done ' + n + ' ' + first + ' ' + Date.now() + '\\n');
  });
});
server.listen(0, '127.0.0.2', () => process.stdout.write('ready ' + server.address().port + '\\n'));
`;

function startReceiver(expected: number) {
  const child = spawn(process.execPath, ['-e', RECEIVER, String(expected)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout! });
  const next = (prefix: string) =>
    new Promise<string[]>((resolve) => {
      const onLine = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', onLine);
        resolve(line.split(' ').slice(1));
      };
      lines.on('line', onLine);
    });
  return { child, ready: next('ready'), done: next('done') };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-fanout-'));
  fs.chmodSync(work, 0o755);
  const config = { ...loadConfig(), dataDir: work, outboxDir: path.join(work, 'outbox'), serverSecret: crypto.randomBytes(32).toString('hex'), smtpUrl: '' };
  const pgServer = await startEmbeddedPostgres({ dir: path.join(work, 'pg'), port: benchPorts() });
  await ensureDatabase(pgServer.url(), 'fanout');
  const url = pgServer.url('fanout');
  await migrate(url);
  const pool = createPool(url, 20);
  const receiver = startReceiver(ACCOUNTS);
  const [port] = await receiver.ready;
  const hookUrl = `http://127.0.0.2:${port}/hook`;
  const boss = await startBoss(url, { max: 20 });
  const mailer = createMailer(config);
  try {
    log(`seeding ${ACCOUNTS} accounts × ${WATCH} watched carriers (${CHANGED} changed carriers, one webhook URL)`);
    const seeded = performance.now();
    await pool.query(`INSERT INTO etl_runs (batch_ts, input_dir, status, finished_at) VALUES ('2026-10-01', 'bench', 'succeeded', now())`);
    // The fan-out reads changes, watchlist entries, accounts and webhooks only: no carrier rows needed.
    await pool.query(
      `INSERT INTO accounts (email, tier, rate_limit, api_key_hash, api_key_ciphertext, created_at, updated_at)
       SELECT 'bench' || g || '@example.com', 'free', 600, sha256(('key' || g)::bytea), 'unused', now(), now() FROM generate_series(1, $1) g`,
      [ACCOUNTS],
    );
    // One sealed secret per account (sealing is what PUT does; the secrets differ).
    const ids = (await pool.query<{ id: number }>('SELECT id FROM accounts ORDER BY id')).rows.map((r) => r.id);
    const sealed = ids.map(() => sealWebhookSecret(config, newWebhookSecret()));
    await pool.query(
      `INSERT INTO webhooks (account_id, url, enabled, secret_ciphertext, created_at, updated_at)
       SELECT a, $2, true, s, now(), now() FROM unnest($1::int[], $3::text[]) AS t (a, s)`,
      [ids, hookUrl, sealed],
    );
    await pool.query(
      `INSERT INTO watchlist_entries (account_id, dot_number, created_at)
       SELECT DISTINCT a.id, (1 + (a.id * 7919 + k * 104729) % $2)::text, now()
       FROM accounts a, generate_series(1, $1) k`,
      [WATCH, CHANGED],
    );
    const { rows: run } = await pool.query(`INSERT INTO etl_runs (batch_ts, input_dir, status) VALUES ('2026-10-02', 'bench', 'running') RETURNING etl_run_id`);
    const runId = run[0].etl_run_id as number;
    await pool.query(
      `INSERT INTO changes (etl_run_id, batch_ts, dot_number, carrier_name, category, old_values, new_values, phy_state)
       SELECT $1, '2026-10-02', g::text, 'CARRIER ' || g || ' LLC', 'fleet_change',
              '{"power_units": 3, "drivers": 3}', '{"power_units": 30, "drivers": 31}', 'NE'
       FROM generate_series(1, $2) g`,
      [runId, CHANGED],
    );
    await pool.query('ANALYZE');
    log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    await startWebhookDeliveryWorker(boss, { pool, config });
    if (process.argv.includes('--no-digests')) {
      // Fan-out only: a worker for the notify queue, digest jobs are left queued.
      await boss.work<{ etl_run_id: number }>(QUEUES.watchlistNotify.name, { batchSize: 1, pollingIntervalSeconds: config.jobPollingMs / 1000 }, async ([job]) => {
        await fanOut({ pool, boss }, job.data.etl_run_id);
      });
    } else {
      await startNotifyWorkers(boss, { pool, config, mailer });
    }
    log(`workers: ${config.webhookWorkers} delivery workers × 8 in flight, polling ${config.jobPollingMs} ms`);

    // "Run end": the run becomes served and its fan-out is queued (what jobs/etl-cron.ts does).
    await pool.query(`UPDATE etl_runs SET status = 'succeeded', finished_at = now() WHERE etl_run_id = $1`, [runId]);
    const runEnd = Date.now();
    const cpuStart = process.cpuUsage();
    await enqueueNotify(boss, runId);

    const [count, first, last] = (await receiver.done).map(Number);
    const fanned = (await pool.query('SELECT fanned_out_at FROM watchlist_notifications WHERE etl_run_id = $1', [runId])).rows[0].fanned_out_at as Date;
    const stats = (await pool.query(`SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS ok, count(*)::int AS n FROM webhook_deliveries WHERE etl_run_id = $1`, [runId])).rows[0];
    log(`deliveries received: ${count} (rows succeeded so far: ${stats.ok}/${stats.n})`);
    log(`fan-out job started: +${((fanned.getTime() - runEnd) / 1000).toFixed(2)} s after run end`);
    log(`first delivery:      +${((first - runEnd) / 1000).toFixed(2)} s`);
    log(`last delivery:       +${((last - runEnd) / 1000).toFixed(2)} s   <- run end to last delivery`);
    log(`delivery rate:       ${Math.round(count / ((last - first) / 1000))} per second`);
    const cpu = process.cpuUsage(cpuStart);
    log(`worker process CPU:  ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ${((Date.now() - runEnd) / 1000).toFixed(1)} s wall`);

    const digests = process.argv.includes('--no-digests') ? 0 : ((await pool.query('SELECT digests FROM watchlist_notifications WHERE etl_run_id = $1', [runId])).rows[0].digests as number);
    while ((fs.existsSync(config.outboxDir) ? fs.readdirSync(config.outboxDir).length : 0) < digests) await new Promise((r) => setTimeout(r, 100));
    log(`digests:             ${digests} e-mails in the outbox at +${((Date.now() - runEnd) / 1000).toFixed(2)} s`);
  } finally {
    receiver.child.kill();
    await stopBoss(boss, 5000);
    mailer.close();
    await pool.end();
    await pgServer.stop();
    if (!process.argv.includes('--keep')) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
