/**
 * `npm run bench [-- --scale 0.05 | --carriers N] [--seconds 10] [--rounds 3] [--connections 10] [--keep] [--reuse]
 *   [--pipeline-only] [--reference CARRIERS]`
 *
 * Generates the registry as FMCSA publishes it (4.5M census rows × 2 days at --scale 1, the
 * published size), times the bootstrap and the incremental pipeline per stage with peak RSS,
 * starts the server and a bare express route, and drives every endpoint class with autocannon on
 * loopback beside the same SQL timed directly with pg. Writes BENCHMARKS.md: every figure, ratios
 * against the in-run baselines, the targets.
 *
 * --keep leaves the work directory (data, database) in the OS temp dir;
 * --reuse then skips generating and loading and measures the API again on it (after an API
 * change: before/after on the same data), reporting the pipeline figures of the kept run.
 *
 * Every run leaves its pipeline figures in the OS temp dir (carrier-bench-pipeline-<carriers>.json);
 * --pipeline-only stops there. --reference CARRIERS puts that file's figures (another scale, same
 * host) beside this run's, per million census rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../lib/config.ts';
import { ensureDatabase } from '../lib/open-database.ts';
import { createPool } from '../lib/postgres.ts';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { migrate } from '../lib/migrate.ts';
import { measureCpu, postmasterPid, type CpuUse } from './lib/cpu.ts';
import { driveSamples, summarizeLoad, type BenchRequest, type LoadSamples } from './lib/http-load.ts';
import { startScriptFlags, startTs, timedTs, withRssPeak, type Timed } from './lib/processes.ts';
import { timeSqlSamples } from './lib/sql-floor.ts';
import { summarizeRounds, type RoundSamples } from './lib/stats.ts';
import { writeReport, type EndpointFigure, type Report, type StageFigure } from './report.ts';
import { endpointClasses } from './endpoints.ts';
import { searchBench } from './search.ts';
import { benchPorts } from './lib/ports.ts';

/** Census rows at --scale 1: the Company Census as published (~4.5M rows, ~2.23M active). */
const FULL = 4_500_000;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const scale = arg('scale', 1);
const carriers = arg('carriers', Math.round(FULL * scale));
const seconds = arg('seconds', 10);
const connections = arg('connections', 10);
const rounds = arg('rounds', 3);
const days = 2;
const pipelineOnly = process.argv.includes('--pipeline-only');
const reference = arg('reference', 0);
/** The pipeline figures of the last run at `n` census rows: --reuse reads its own back, --reference another scale's. */
const figuresFile = (n: number) => path.join(os.tmpdir(), `carrier-bench-pipeline-${n}.json`);
const readFigures = (n: number) => JSON.parse(fs.readFileSync(figuresFile(n), 'utf8')) as PipelineFigures & { carriers: number; measuredAt: string };

const work = path.join(os.tmpdir(), `carrier-bench-${carriers}`);
const reuse = process.argv.includes('--reuse');
if (reuse && !(fs.existsSync(path.join(work, 'pg')) && fs.existsSync(figuresFile(carriers)))) {
  throw new Error(`--reuse: no kept run in ${work} (run once with --keep)`);
}
if (!reuse) {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true, mode: 0o755 });
  fs.chmodSync(work, 0o755);
}
const dumps = path.join(work, 'dumps');
const log = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);

/** Seconds per stage of a run (etl_runs.stages), plus the search refresh inside its load. */
async function stageTimings(pool: pg.Pool, runId: number): Promise<{ stages: Record<string, number>; searchRefresh?: number }> {
  const { rows } = await pool.query('SELECT stages FROM etl_runs WHERE etl_run_id = $1', [runId]);
  const stages = (rows[0]?.stages ?? {}) as Record<string, { ms: number; step_ms?: Record<string, number> }>;
  const search = stages.load?.step_ms?.search;
  return {
    stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, v.ms / 1000])),
    searchRefresh: search === undefined ? undefined : search / 1000,
  };
}

interface PipelineFigures {
  synth: Timed;
  /**
   * The bootstrap and the incremental run (etl_run_id 1 and 2 of the bench database), with their
   * stage timings as the run left them: a stage rerun later on a kept database rewrites them.
   */
  runs: ({ name: string; timed: Timed; cpu?: CpuUse } & Partial<Awaited<ReturnType<typeof stageTimings>>>)[];
}

/**
 * Generates the days and runs the pipeline on each: the bootstrap, then the incremental run, with
 * the CPU of the pipeline's process and of PostgreSQL (the server at `pgDir`).
 */
async function runPipeline(env: Record<string, string>, pool: pg.Pool, pgDir: string): Promise<PipelineFigures> {
  log(`generating ${carriers} carriers × ${days} days`);
  const synth = await timedTs('pipeline/cli.ts', ['synth', '--carriers', String(carriers), '--days', String(days), '--seed', '7', '--out', dumps], env);
  const dayDirs = fs.readdirSync(dumps).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  const runs: PipelineFigures['runs'] = [];
  for (const [i, day] of dayDirs.entries()) {
    log(`pipeline run ${day} (${i === 0 ? 'bootstrap' : 'incremental'})`);
    const { result: timed, cpu } = await measureCpu(postmasterPid(pgDir), () =>
      timedTs('pipeline/cli.ts', ['run', '--input', path.join(dumps, day)], env),
    );
    runs.push({ name: i === 0 ? 'bootstrap' : 'incremental', timed, cpu, ...(await stageTimings(pool, i + 1)) });
  }
  const figures = { synth, runs };
  fs.writeFileSync(figuresFile(carriers), JSON.stringify({ carriers, measuredAt: new Date().toISOString(), ...figures }));
  return figures;
}

function stageFigures({ synth, runs }: PipelineFigures): StageFigure[] {
  return [
    { name: `synth (${days} days)`, seconds: synth.seconds, peakRssMb: synth.peakRssMb, cpuSeconds: synth.cpuSeconds, stages: {} },
    // A kept run from before the timings were kept with it: no stage figures rather than
    // whatever later stage reruns left in etl_runs.
    ...runs.map((r) => ({
      name: r.name,
      seconds: r.timed.seconds,
      peakRssMb: r.timed.peakRssMb,
      cpuSeconds: r.timed.cpuSeconds,
      postgresCpuSeconds: r.cpu?.postgresSeconds,
      busyCores: r.cpu?.busyCores,
      stages: r.stages ?? {},
      searchRefresh: r.searchRefresh,
    })),
  ];
}

/** The pipeline figures another run of this host left at --reference's scale. */
function referenceFigures(): Report['reference'] {
  if (!reference) return undefined;
  const file = figuresFile(reference);
  if (!fs.existsSync(file)) throw new Error(`--reference ${reference}: no figures in ${file} (run npm run bench -- --pipeline-only at that scale first)`);
  const kept = readFigures(reference);
  return { carriers: kept.carriers, measuredAt: kept.measuredAt, stages: stageFigures(kept) };
}

async function main() {
  const port = benchPorts();
  const server = await startEmbeddedPostgres({ dir: path.join(work, 'pg'), port });
  const url = server.url('bench');
  const pool = createPool(url, connections);
  const env = { DATABASE_URL: url, DUCKDB_PATH: path.join(work, 'pipeline.duckdb'), LOG_LEVEL: 'warn', DATA_DIR: work };
  const children: { kill: () => void }[] = [];
  try {
    // Inside the try: a failed migration must stop the server too (it kept running before).
    await ensureDatabase(server.url(), 'bench');
    await migrate(url);
    const kept = reuse ? readFigures(carriers) : null;
    const { synth, runs } = kept ?? (await runPipeline(env, pool, server.dir));
    if (pipelineOnly) {
      log(`pipeline figures in ${figuresFile(carriers)}: ${runs.map((r) => `${r.name} ${r.timed.seconds.toFixed(1)} s`).join(', ')}`);
      return;
    }
    // The runs leave millions of fresh rows for autovacuum; done here, it cannot run beside (and
    // slow) some class of the API phase and not others.
    log('VACUUM (ANALYZE)');
    const vacuumStarted = performance.now();
    await pool.query('VACUUM (ANALYZE)');
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;

    const apiPort = port + 1; // and apiPort + 1 for the bare route
    const api = await startTs('server/main.ts', [], {
      ...env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      SAMPLE_CARRIERS: '0',
      JOBS_IN_PROCESS: 'false',
      ANON_RATE_LIMIT: '1000000000',
    }, async () => (await fetch(`http://127.0.0.1:${apiPort}/v1/health`)).ok, startScriptFlags());
    children.push(api);
    let barePort = 0;
    const bare = await startTs('bench/bare-server.ts', [String(apiPort + 1)], {}, async () => {
      barePort = apiPort + 1;
      return (await fetch(`http://127.0.0.1:${barePort}/bare`)).ok;
    });
    children.push(bare);
    const apiUrl = `http://127.0.0.1:${apiPort}`;

    // A new account each run: --reuse runs on a database that already has the earlier ones.
    const email = `bench-${Date.now()}@example.com`;
    const signup = await fetch(`${apiUrl}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    const { api_key: key } = (await signup.json()) as { api_key: string };
    if (!key) throw new Error(`bench sign-up failed (${signup.status})`);
    await pool.query('UPDATE accounts SET rate_limit = 1000000000 WHERE email = $1', [email]);

    // Every class, and the bare route, runs in `rounds` interleaved rounds of seconds / rounds: a
    // slow spell of this shared machine (the same loop took 690-1,146 ms within a minute) then
    // falls on every class a little instead of on the few measured during it.
    const slice = seconds / rounds;
    const classes = await endpointClasses(pool, key, apiUrl);
    const bareRounds: LoadSamples[] = [];
    const httpRounds = classes.map((): LoadSamples[] => []);
    const sqlRounds = classes.map((): RoundSamples[] => []);
    const peaks = classes.map(() => 0);
    const cursors = classes.map(() => ({ i: 0 }));
    // Steady state, as a server running all day is: each class's requests sent twice, unmeasured
    // (the carrier cache keeps an answer from its second request on).
    log('warm-up: each class but the every-DOT/MC-new ones sends each of its requests twice');
    for (const cls of classes.filter((c) => !c.cold)) {
      const amount = 2 * cls.requests.length;
      await driveSamples(apiUrl, cls.requests as BenchRequest[], { seconds: 60, connections: Math.min(connections, amount), amount });
    }
    for (let round = 1; round <= rounds; round++) {
      log(`round ${round}/${rounds}: the bare route, then each class ${slice.toFixed(1)}s over HTTP and ${slice.toFixed(1)}s as SQL`);
      bareRounds.push(await driveSamples(`http://127.0.0.1:${barePort}`, [{ path: '/bare' }], { seconds: slice, connections }));
      for (const [k, cls] of classes.entries()) {
        const load = { seconds: slice, connections: cls.connections ?? connections };
        const { result, peakMb } = await withRssPeak(api.pid!, () => driveSamples(apiUrl, cls.requests as BenchRequest[], { ...load, cursor: cursors[k] }));
        httpRounds[k].push(result);
        peaks[k] = Math.max(peaks[k], peakMb);
        if (cls.sql.length) sqlRounds[k].push(await timeSqlSamples(pool, cls.sql, load));
      }
    }
    const bareLoad = summarizeLoad(bareRounds);
    let serverPeak = Math.max(...peaks);
    const figures: EndpointFigure[] = classes.map((cls, k) => ({
      name: cls.name,
      target: cls.target,
      notModified: cls.notModified,
      http: summarizeLoad(httpRounds[k]),
      sql: sqlRounds[k].length ? summarizeRounds(sqlRounds[k]) : undefined,
      serverRssMb: peaks[k],
    }));

    // Each search query class, through the API and straight through the PostgreSQL backend.
    log('search query classes');
    const { result: search, peakMb: searchPeak } = await withRssPeak(api.pid!, () =>
      searchBench({ databaseUrl: url, apiUrl, seconds, connections, rounds }),
    );
    serverPeak = Math.max(serverPeak, searchPeak);
    for (const c of search.classes) {
      figures.push({ name: `search: ${c.name}`, target: { p95: 50, p99: 150 }, http: c.http, sql: c.sql, serverRssMb: searchPeak });
    }

    const pipelineMeasuredAt = kept ? new Date(kept.measuredAt) : undefined;
    const file = writeReport({
      carriers,
      days,
      seconds,
      rounds,
      connections,
      bare: bareLoad,
      stages: stageFigures({ synth, runs }),
      reference: referenceFigures(),
      figures,
      serverPeakMb: serverPeak,
      vacuumSeconds,
      pipelineMeasuredAt,
    });
    log(`wrote ${path.relative(ROOT, file)}`);
  } finally {
    for (const c of children) c.kill();
    await pool.end();
    await server.stop();
    if (!process.argv.includes('--keep') && !reuse) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
