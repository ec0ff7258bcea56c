/**
 * The nightly job's fetch (jobs/etl-fetch.ts, jobs/etl-cron.ts) through the real pipeline CLI in
 * a child process: against the fake portal, against no portal at all (the machine without
 * network: one line, then the run), and over the generated sample (not fetched over).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBoss, stopBoss, type PgBoss } from '../jobs/boss.ts';
import { runEtl } from '../jobs/etl-cron.ts';
import { fetchBeforeRun } from '../jobs/etl-fetch.ts';
import { runPipelineCli } from '../lib/pipeline-process.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';
import type { FakePortal } from './helpers/fake-portal.ts';
import { DATASETS, expectWholeFolder, startPortal, tempRoot } from './helpers/fetch-night.ts';
import { synthDumps } from './helpers/sample.ts';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A pino logger that keeps its lines, as the job's log. */
function capturingLogger() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { log, lines };
}

/** The real CLI, with this test's environment on top of the job's. */
const cliWith =
  (extra: Record<string, string>): typeof runPipelineCli =>
  (args, env = {}, options = {}) =>
    runPipelineCli(args, { ...env, ...extra }, options);

const NOW = new Date('2026-11-21T04:00:00Z');

describe('the nightly job fetches before it runs', () => {
  let portal: FakePortal;
  let db: TestDatabase;
  let boss: PgBoss;
  const duckdb = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'etl-fetch-duck-')), 'pipeline.duckdb');

  beforeAll(async () => {
    portal = await startPortal();
    db = await freshDatabase();
    boss = await startBoss(db.url);
  });
  afterAll(async () => {
    await stopBoss(boss, 2000);
    await db.drop();
    await portal.close();
  });

  it("fetches today's day folder into ETL_INPUT_DIR from FMCSA_SOURCE_URL", async () => {
    const inputDir = tempRoot();
    const { log, lines } = capturingLogger();
    const step = await fetchBeforeRun({ inputDir, newest: null, log, now: () => NOW, runCli: cliWith({ FMCSA_SOURCE_URL: portal.url }) });
    expect(step).toBe('fetched');
    const dir = path.join(inputDir, '2026-11-21');
    expectWholeFolder(dir);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.csv')).sort()).toEqual(DATASETS.map((d) => `${d.id}.csv`).sort());
    expect(lines).toEqual([]);
    // Again the same day: the folder is complete, nothing is downloaded.
    const before = portal.requests.length;
    expect(await fetchBeforeRun({ inputDir, newest: dir, log, now: () => NOW, runCli: cliWith({ FMCSA_SOURCE_URL: portal.url }) })).toBe('fetched');
    expect(portal.requests.length).toBe(before);
  });

  it('a fetch the portal refuses fails the job with the reason', async () => {
    portal.fail('/api/views/yu5v-wbh6/rows.csv', { kind: 'status', status: 404 });
    const { log } = capturingLogger();
    await expect(fetchBeforeRun({ inputDir: tempRoot(), newest: null, log, runCli: cliWith({ FMCSA_SOURCE_URL: portal.url }) })).rejects.toThrow(
      /pipeline fetch failed \(exit 1\): error: .*\/api\/views\/yu5v-wbh6\/rows\.csv\?accessType=DOWNLOAD answered 404/,
    );
  });

  it('without network: one line about the skipped fetch, no stack, and the run goes on', async () => {
    // vitest.config.ts points FMCSA_SOURCE_URL at a closed port on loopback: connection refused.
    const inputDir = tempRoot();
    const { log, lines } = capturingLogger();
    const result = await runEtl({ pool: db.pool, boss, config: { etlInputDir: inputDir }, databaseUrl: db.url, log });
    expect(result).toEqual({ input: null, runs: [] });
    const fetchLines = lines.filter((l) => /fetch/i.test(l.msg));
    expect(fetchLines).toEqual([
      {
        level: 40,
        time: expect.any(Number),
        pid: process.pid,
        hostname: os.hostname(),
        msg: 'fetch skipped: the data portal 127.0.0.1:2 cannot be reached (ECONNREFUSED); the run uses the day folders already in ETL_INPUT_DIR',
      },
    ]);
    expect(lines.map((l) => l.msg)).toEqual([fetchLines[0].msg, 'no dump folder (YYYY-MM-DD) to load']);
    expect(fs.readdirSync(inputDir)).toEqual([]);
  });

  it('over the generated sample: no fetch, one line, and the sample is loaded as before', async () => {
    const dumps = await synthDumps(200, 1, 7);
    const { log, lines } = capturingLogger();
    const before = portal.requests.length;
    const result = await runEtl({
      pool: db.pool,
      boss,
      config: { etlInputDir: dumps },
      databaseUrl: db.url,
      log,
      runCli: cliWith({ FMCSA_SOURCE_URL: portal.url, DUCKDB_PATH: duckdb, LOG_LEVEL: 'warn' }),
    });
    expect(portal.requests.length).toBe(before);
    expect(lines.filter((l) => /fetch/i.test(l.msg)).map((l) => l.msg)).toEqual([
      'fetch skipped: ETL_INPUT_DIR holds the generated sample, and real data is not loaded on top of it (README: "Real data")',
    ]);
    expect(result.runs).toHaveLength(1);
    expect((await db.pool.query("SELECT count(*)::int AS n FROM etl_runs WHERE status = 'succeeded'")).rows[0].n).toBe(1);
  });
});
