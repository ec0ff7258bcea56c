/**
 * Faults on real processes (issue 10): the pipeline SIGKILLed inside each of its stages, and the
 * webhook worker process (`npm run worker`) SIGKILLed while a retry is pending.
 *
 * Pipeline: a synthetic registry of two days. Day 1 is loaded once; its PostgreSQL database and
 * DuckDB file are the starting point every stage case copies. In each case a child process runs
 * day 2 and freezes at a known point inside one stage (test/fault-stage-child.ts), is SIGKILLed
 * there, and day 2 is run again to completion. A clean run of day 2 on another copy is the
 * reference: after the kill the database must still equal day 1 (nothing of the killed run
 * served), after the rerun it must equal the clean run (same rows, so no duplicates either).
 * The cases are independent (own database, own DuckDB file) and run two at a time.
 *
 * Webhooks: `node --import tsx jobs/main.ts` (what `npm run worker` runs) as a child process on the
 * test database, SIGKILLed while a delivery waits for its retry; a new worker process must make
 * the remaining attempts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { createPool, type Pool } from '../lib/postgres.ts';
import { rerunStage, runDay } from '../pipeline/run-stages.ts';
import { getRun } from '../pipeline/etl-runs.ts';
import { STAGE_ORDER, stagesInOrder, type StageName } from '../pipeline/stages/plan.ts';
import { synthesize, type Manifest } from '../pipeline/synth/index.ts';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { enqueueNotify } from '../jobs/notify.ts';
import { QUEUES } from '../jobs/queues.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { putChanges } from './helpers/carrier-rows.ts';
import { signedWith, startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { dueNow } from './helpers/webhook-jobs.ts';
import { putRunAt, seedCarriers, signup } from './helpers/watchlist-fixtures.ts';
import { servedRunId, tempDir, testPipeline } from './pipeline-harness.ts';

/** SIGKILL unless it has exited; resolves once it has. */
async function kill(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((resolve) => c.once('exit', resolve));
  c.kill('SIGKILL');
  await exited;
}

/** A suite's children, so its afterAll kills those left by a failed test, and only those. */
function childGroup() {
  const running = new Set<ChildProcess>();
  return {
    start: (args: string[], env: Record<string, string>) => startChild(args, env, running),
    killAll: () => Promise.all([...running].map(kill)),
  };
}

interface Child {
  proc: ChildProcess;
  /** Resolves with stdout once it contains `marker`; rejects if the child exits first (a hang is the test's timeout). */
  waitFor: (marker: string) => Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startChild(args: string[], env: Record<string, string>, children: Set<ChildProcess>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  let out = '';
  let err = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve({ code, signal });
    }),
  );
  const waitFor = (marker: string) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (out.includes(marker)) done(() => resolve(out));
      };
      const onExit = (code: number | null) => done(() => reject(new Error(`child exited (${code}) before "${marker}":\n${out}\n${err}`)));
      const done = (settle: () => void) => {
        proc.stdout!.off('data', check);
        proc.off('exit', onExit);
        settle();
      };
      proc.stdout!.on('data', check);
      proc.once('exit', onExit);
      check();
    });
  return { proc, waitFor, exited };
}

/** Runs at most `n` of the functions given to it at once, the others in the order they came. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < n) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

// The two suites share nothing; the webhook one mostly waits, so it runs beside the pipeline one.
describe.concurrent('the pipeline SIGKILLed inside each stage', () => {
  const CARRIERS = 1500;
  const children = childGroup();

  /**
   * Where the child freezes in each stage (progress events of pipeline/stages/*): a point after
   * the stage has written something and before it is done, where one exists.
   */
  const PAUSES: Record<StageName, { event: 'start' | 'update' | 'end'; label: string; nth: number; state: string }> = {
    ingest: { event: 'start', label: '^ingest: the delta', nth: 1, state: 'line sums and delta files written, the delta not yet scanned' },
    snapshot: { event: 'end', label: '^snapshot$', nth: 1, state: 'snapshot tables written in DuckDB, stage not recorded' },
    diff: { event: 'end', label: '^diff against run', nth: 1, state: 'changes table written in DuckDB, summary not recorded' },
    related: { event: 'start', label: '^related pairs$', nth: 1, state: 'identifiers written, pairs not' },
    score: { event: 'update', label: '^score$', nth: 1, state: 'a batch of scores appended, worker threads alive' },
    load: { event: 'start', label: '^copy changes$', nth: 1, state: 'carriers and policies written in the open load transaction' },
    'search-index': { event: 'start', label: '^search index \\(PostgreSQL\\)$', nth: 1, state: 'run loaded and served, search-index stage begun' },
  };

  /** Table → columns left out of its fingerprint (serial ids and wall-clock times only). */
  const TABLES: Record<string, string[]> = {
    carriers: [],
    insurance_policies: [],
    carrier_core_json: [],
    changes: ['id'],
    risk_history: [],
    risk_history_runs: [],
    risk_history_baseline: [],
    carrier_history: [],
    insurance_policy_history: ['id'],
    history_baseline: [],
    carrier_search: [],
    search_postings: [],
    search_counts: [],
    search_counts_fleet: [],
    search_counts_auth: [],
    search_word_counts: [],
    search_terms: [],
    search_term_deletes: [],
    search_cargo_labels: [],
    search_index_state: ['indexed_at'],
  };

  /** Row count and hash of every table a run writes, plus the succeeded runs. */
  async function fingerprint(pool: Pool) {
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const [table, skip] of Object.entries(TABLES)) {
      // The row's text; through jsonb only where columns are left out. Byte order ("C") sorts fast.
      const row = skip.length ? `(to_jsonb(t) - $1::text[])::text` : 't::text';
      const { rows } = await pool.query(
        `SELECT count(*)::int AS rows, coalesce(md5(string_agg(r, E'\\n' ORDER BY r COLLATE "C")), '') AS md5
         FROM (SELECT ${row} AS r FROM ${table} t) s`,
        skip.length ? [skip] : [],
      );
      out[table] = rows[0];
    }
    const runs = await pool.query(
      `SELECT to_jsonb(e) - ARRAY['input_dir', 'stages', 'started_at', 'finished_at'] AS run
       FROM etl_runs e WHERE status = 'succeeded' ORDER BY etl_run_id`,
    );
    return { tables: out, succeeded: runs.rows.map((r) => r.run) };
  }

  /** A database created from `template` (CREATE DATABASE ... TEMPLATE: a copy of its state). */
  const created: string[] = [];
  async function createDatabase(template: string) {
    const server = inject('pgServerUrl');
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    created.push(name);
    const u = new URL(server);
    u.pathname = `/${name}`;
    return { name, url: u.toString(), pool: createPool(u.toString()) };
  }

  /** A copy of the day-1 state: database and DuckDB file. */
  async function day1Copy() {
    const db = await createDatabase(base);
    const dir = tempDir('fault-kill-pipeline-');
    for (const f of fs.readdirSync(baseDir).filter((n) => n.startsWith('pipeline.duckdb'))) {
      fs.cpSync(path.join(baseDir, f), path.join(dir, f), { recursive: true }); // the file, its WAL, its run files (pipeline/carried-tables.ts)
    }
    dirs.push(dir);
    return { ...db, dir };
  }

  let dumps: string;
  let day2: string;
  let manifest: Manifest;
  let base: string;
  let baseDir: string;
  const dirs: string[] = [];
  let day1Print: Awaited<ReturnType<typeof fingerprint>>;
  let day2Print: Awaited<ReturnType<typeof fingerprint>>;
  /** Day 2 run cleanly after a failed attempt of it (run 2), as run 3: what a retry ends with. */
  let day2RetryPrint: Awaited<ReturnType<typeof fingerprint>>;

  beforeAll(async () => {
    dumps = tempDir('fault-kill-dumps-');
    synthesize({ carriers: CARRIERS, days: 2, seed: 1010, out: dumps });
    const days = fs.readdirSync(dumps).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().map((d) => path.join(dumps, d));
    expect(days).toHaveLength(2);
    day2 = days[1];
    manifest = JSON.parse(fs.readFileSync(path.join(day2, 'manifest.json'), 'utf8'));
    expect(manifest.summary.total_changes).toBeGreaterThan(0);

    // Day 1, loaded once; its database becomes the template of every case.
    const db = await createDatabase(inject('pgTemplate'));
    base = db.name;
    baseDir = tempDir('fault-kill-day1-');
    dirs.push(baseDir);
    const env = await testPipeline(db.pool, baseDir);
    try {
      expect(await runDay(env, days[0])).toMatchObject({ etl_run_id: 1, status: 'succeeded' });
      day1Print = await fingerprint(db.pool);
    } finally {
      await env.close(); // checkpoints the DuckDB file, so a plain copy of it is complete
      await db.pool.end(); // a template must have no connections
    }

    // The reference: day 2 run cleanly on a copy.
    const ref = await day1Copy();
    const refEnv = await testPipeline(ref.pool, ref.dir);
    try {
      expect(await runDay(refEnv, day2)).toMatchObject({ etl_run_id: 2, status: 'succeeded' });
      day2Print = await fingerprint(ref.pool);
    } finally {
      await refEnv.close();
      await ref.pool.end();
    }
    expect(day2Print.tables.changes.rows - day1Print.tables.changes.rows).toBe(manifest.summary.total_changes);
    const retry = await day1Copy();
    const retryEnv = await testPipeline(retry.pool, retry.dir);
    try {
      await retry.pool.query(`INSERT INTO etl_runs (batch_ts, input_dir, status, error) VALUES ($1, $2, 'failed', 'killed')`, [
        new Date(`${path.basename(day2)}T00:00:00Z`),
        day2,
      ]);
      expect(await runDay(retryEnv, day2)).toMatchObject({ etl_run_id: 3, status: 'succeeded' });
      day2RetryPrint = await fingerprint(retry.pool);
    } finally {
      await retryEnv.close();
      await retry.pool.end();
    }
  });

  afterAll(async () => {
    await children.killAll();
    const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
    await admin.connect();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const d of [...dirs, dumps]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  // Two cases at a time: each is a child process plus an in-process rerun, about two cores' worth.
  // A case's timeout runs while it waits for its slot too (the last waits for three rounds).
  const slot = limiter(2);
  const cases = STAGE_ORDER.map((stage, i) => ({ stage, i }));
  const title = 'killed in $stage: day 1 still served; rerun completes, equal to a clean run';

  it.concurrent.for(cases)(title, { timeout: 600_000 }, ({ stage, i }, { expect }) => slot(async () => {
    const pause = PAUSES[stage];
    expect(stagesInOrder().map((s) => s.name)).toEqual([...STAGE_ORDER]);
    const db = await day1Copy();
    let child: Child | undefined;
    try {
      child = children.start([path.join('test', 'fault-stage-child.ts'), day2, pause.event, pause.label, String(pause.nth)], {
        DATABASE_URL: db.url,
        DATA_DIR: db.dir,
        DUCKDB_PATH: path.join(db.dir, 'pipeline.duckdb'),
      });
      await child.waitFor('PAUSED');
      if (stage === 'load') {
        // Frozen inside the load transaction: a backend of the child holds it open, readers still
        // get day 1.
        const open = await db.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`,
        );
        expect(open.rows[0].n).toBe(1);
        expect(await servedRunId(db.pool)).toBe(1);
      }
      if (stage !== 'search-index') expect((await getRun(db.pool, 2))!.status).toBe('running');
      child.proc.kill('SIGKILL');
      expect(await child.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // The kill came inside `stage`: the stages before it recorded, it and the later ones not.
      // (jsonb keeps keys in its own order, not the order they were added.)
      const killed = (await getRun(db.pool, 2))!;
      expect(Object.keys(killed.stages).sort(), pause.state).toEqual(STAGE_ORDER.slice(0, i).sort());
      if (stage === 'search-index') {
        // The load committed before search-index began: run 2 is served, exactly as the clean run's.
        expect(killed.status).toBe('succeeded');
        expect(await servedRunId(db.pool)).toBe(2);
        expect(await fingerprint(db.pool)).toEqual(day2Print);
      } else {
        // Nobody could mark the run failed (SIGKILL): it shows as interrupted once PostgreSQL has
        // ended the dead process's session (and with it the run's lock); nothing of it is served
        // or written.
        await expect.poll(async () => (await getRun(db.pool, 2))!.status).toBe('interrupted');
        expect(await servedRunId(db.pool)).toBe(1);
        expect(await fingerprint(db.pool)).toEqual(day1Print);
      }

      // The rerun: `run` records the interrupted run as failed and runs the day as run 3; a
      // succeeded day is skipped, so the unrecorded search-index stage is run as
      // `stage search-index --run 2`.
      const rerun = stage === 'search-index' ? 2 : 3;
      const env = await testPipeline(db.pool, db.dir);
      try {
        if (stage === 'search-index') {
          expect((await runDay(env, day2)).status).toBe('skipped');
          await rerunStage(env, 'search-index', 2);
        } else {
          expect(await runDay(env, day2)).toMatchObject({ etl_run_id: 3, status: 'succeeded' });
          expect(await getRun(db.pool, 2)).toMatchObject({ status: 'failed', error: expect.stringMatching(/^interrupted/) });
        }
      } finally {
        await env.close();
      }
      // The killed child's temp files (the load's exports) went with the rerun's first stage.
      const tmp = path.join(db.dir, 'tmp');
      expect(fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((n) => n.startsWith('run-')) : []).toEqual([]);
      const done = (await getRun(db.pool, rerun))!;
      expect(done.status).toBe('succeeded');
      expect(Object.keys(done.stages).sort()).toEqual([...STAGE_ORDER].sort());
      expect(done.summary).toEqual(manifest.summary);
      expect(await servedRunId(db.pool)).toBe(rerun);
      expect(await fingerprint(db.pool)).toEqual(stage === 'search-index' ? day2Print : day2RetryPrint);

      // No duplicates, stated directly too; the feed has exactly the changes the generator planted.
      const dupChanges = await db.pool.query('SELECT etl_run_id, dot_number, category FROM changes GROUP BY 1, 2, 3 HAVING count(*) > 1');
      expect(dupChanges.rows).toEqual([]);
      const dupHistory = await db.pool.query('SELECT dot_number, etl_run_id FROM risk_history GROUP BY 1, 2 HAVING count(*) > 1');
      expect(dupHistory.rows).toEqual([]);
      const feed = await db.pool.query('SELECT count(*)::int AS n FROM changes WHERE etl_run_id = $1', [rerun]);
      expect(feed.rows[0].n).toBe(manifest.summary.total_changes);
    } finally {
      if (child) await kill(child.proc); // a failed case's child (DuckDB lock, connections)
      await db.pool.end();
    }
  }));
});

describe.concurrent('the webhook worker process SIGKILLed while a retry is pending', () => {
  /**
   * Retry 1 falls due an hour after the first failure, so the kill always comes before it (the
   * test then brings it forward); retry 2 keeps a real second between attempts 2 and 3.
   */
  const RETRY_DELAYS = [3600, 1, 1];
  let app: TestApp;
  let boss: PgBoss | undefined;
  let receiver: TestReceiver | undefined;
  let dataDir: string;
  const children = childGroup();

  beforeAll(async () => {
    app = await startApp();
    // Only to queue the fan-out and read the queue: no worker runs in this process.
    boss = await startBoss(app.db.url);
    dataDir = tempDir('fault-kill-worker-');
  });
  afterAll(async () => {
    await children.killAll();
    if (boss) await stopBoss(boss, 2000);
    await receiver?.close();
    await app?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm run worker` on the test database, retries compressed to seconds. */
  const worker = () =>
    children.start(['jobs/main.ts'], {
      DATABASE_URL: app.db.url,
      // The webhook secret is stored encrypted with the server secret: the worker needs the app's.
      SERVER_SECRET: app.services.config.serverSecret,
      DATA_DIR: dataDir,
      WEBHOOK_RETRY_DELAYS: RETRY_DELAYS.join(','),
      WEBHOOK_TIMEOUT_MS: '120000', // the receiver answers at once: only a loaded machine to outlast
      JOB_POLLING_MS: '500',
    });


  const jobsOf = async (deliveryId: number) =>
    (await boss!.findJobs<{ attempt: number }>(QUEUES.webhookDelivery.name, { data: { delivery_id: deliveryId } }))
      .map((j) => ({ attempt: j.data.attempt, state: j.state, startAfter: j.startAfter }))
      .sort((a, b) => a.attempt - b.attempt);

  it('500, kill, 500, 200: every attempt made once, by the new worker after the kill', async ({ expect }) => {
    receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    const pool = app.db.pool;
    const dots = await seedCarriers(pool, await putRunAt(pool, new Date(Date.UTC(2026, 8, 1))), 7_000_001, 2);
    const account = await signup(app, 'worker-kill@example.com');
    const { data: hook } = await account.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } });
    await account.api.POST('/v1/watchlist', { body: { dot_numbers: dots } });
    const run = await putRunAt(pool, new Date(Date.UTC(2026, 8, 2)));
    await putChanges(pool, run, dots.map((dot) => ({ dot, category: 'fleet_change', old: { power_units: 1, drivers: 1 }, new: { power_units: 9, drivers: 9 } })));
    // What the ETL job does after a run: the worker fans it out and makes the first attempt.
    await enqueueNotify(boss!, run);

    const first = worker();
    await receiver.waitFor(1);
    const delivery = async () =>
      (await pool.query('SELECT id, status, attempt, status_code, next_attempt_at FROM webhook_deliveries WHERE account_id = $1', [account.id])).rows;
    // Attempt 1 recorded, retry 2 queued for later, the worker holding no job: then the kill.
    await expect
      .poll(async () => {
        const [d] = await delivery();
        return d ? { status: d.status, jobs: (await jobsOf(d.id)).map((j) => [j.attempt, j.state]) } : null;
      }, { interval: 50 })
      .toEqual({ status: 'retrying', jobs: [[1, 'completed'], [2, 'created']] });
    first.proc.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const [pending] = await delivery();
    // The kill came before the retry was due (else this test would prove nothing).
    expect(receiver.received).toHaveLength(1);
    expect(pending).toMatchObject({ status: 'retrying', attempt: 1, status_code: 500 });
    const queued = (await jobsOf(pending.id)).find((j) => j.attempt === 2)!;
    expect(queued.state).toBe('created');
    // Queued for the instant its row names, RETRY_DELAYS[0] after the failed attempt.
    const { rows: [failed] } = await pool.query('SELECT attempted_at FROM webhook_delivery_attempts WHERE delivery_id = $1 AND attempt = 1', [pending.id]);
    expect(queued.startAfter).toEqual(pending.next_attempt_at);
    expect(pending.next_attempt_at.getTime() - failed.attempted_at.getTime()).toBe(RETRY_DELAYS[0] * 1000);
    // Its time comes while no worker runs.
    expect(await dueNow(boss!, pending.id)).toMatchObject({ attempt: 2 });

    const second = worker();
    const hooks = await receiver.waitFor(3);
    await expect.poll(async () => (await delivery())[0].status).toBe('succeeded');

    // Retry 2 no earlier than its schedule, across the restart.
    expect(hooks[2].at - hooks[1].at).toBeGreaterThanOrEqual(RETRY_DELAYS[1] * 1000 - 50);
    // One delivery, the same signed message each time (receivers de-duplicate on webhook-id).
    for (const h of hooks) {
      expect(await signedWith(h, hook!.secret!)).toBe(true);
      expect(h.headers['webhook-id']).toBe(`msg_${pending.id}`);
      expect(h.body).toBe(hooks[0].body);
    }
    expect(JSON.parse(hooks[0].body)).toMatchObject({ event: 'watchlist.changes', etl_run_id: run, account_id: account.id });
    expect(await delivery()).toEqual([{ id: pending.id, status: 'succeeded', attempt: 3, status_code: 200, next_attempt_at: null }]);
    const log = await pool.query('SELECT attempt, status_code FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt', [pending.id]);
    expect(log.rows).toEqual([
      { attempt: 1, status_code: 500 },
      { attempt: 2, status_code: 500 },
      { attempt: 3, status_code: 200 },
    ]);
    // pg-boss completes a job after its handler returns, i.e. just after the delivery row says so.
    await expect
      .poll(async () => (await jobsOf(pending.id)).map((j) => [j.attempt, j.state]))
      .toEqual([[1, 'completed'], [2, 'completed'], [3, 'completed']]);
    // Every job done and none queued: no further attempt can come.
    expect(receiver.received).toHaveLength(3);
    // The survivor still stops gracefully (SIGTERM: finish in-flight jobs, exit 0).
    second.proc.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });
});
