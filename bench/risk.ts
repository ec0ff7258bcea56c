/**
 * `DATABASE_URL=... npx tsx bench/risk.ts [--seconds 10] [--connections 10] [--sample 2000] [--url http://...]`
 *
 * Risk figures on a database the pipeline has loaded: the related, score and load stage timings
 * of every run (etl_runs.stages; the load's `risk_history` is the risk history rows it wrote), the
 * on-demand score without HTTP (source row query + scoreCarrier, the handler's function), and
 * POST /risk-score (default and custom policy) and GET /risk-history driven with autocannon
 * against the real server (server/main.ts in a child process, as bench/run.ts does, or the one
 * at --url). Writes nothing but one account with a raised limit.
 */
import crypto from 'node:crypto';
import { loadConfig } from '../lib/config.ts';
import { createPool } from '../lib/postgres.ts';
import { mergePolicy } from '../lib/risk/index.ts';
import { scoreFromSource } from '../server/handlers/risk.ts';
import { drive, type BenchRequest } from './lib/http-load.ts';
import { startTs } from './lib/processes.ts';
import { round, summarize } from './lib/stats.ts';
import { benchPorts } from './lib/ports.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const out = (line = '') => process.stdout.write(`${line}\n`);

const config = loadConfig();
if (!config.databaseUrl) throw new Error('set DATABASE_URL to a database the pipeline has loaded');
const pool = createPool(config.databaseUrl, 20);

out('## pipeline stages (ms)');
const runs = (await pool.query("SELECT etl_run_id, batch_ts, stages FROM etl_runs WHERE status = 'succeeded' ORDER BY batch_ts")).rows;
for (const r of runs) {
  const s = r.stages;
  out(
    `run ${r.etl_run_id} ${r.batch_ts.toISOString().slice(0, 10)}: snapshot ${s.snapshot?.rows ?? '-'} carriers; ` +
      `related ${s.related?.ms ?? '-'} ms (${JSON.stringify(s.related?.step_ms ?? {})}; ${s.related?.pairs ?? '-'} pairs, ` +
      `${s.related?.chameleon ?? '-'} with chameleon links); ` +
      `score ${s.score?.ms ?? '-'} ms (${s.score?.us_per_carrier ?? '-'} µs/carrier); ` +
      `load ${s.load?.ms ?? '-'} ms (${s.load?.mode ?? '-'}; risk step ${s.load?.step_ms?.risk ?? '-'} ms, ${s.load?.risk_history ?? '-'} history rows)`,
  );
}
const [{ history, implicit }] = (
  await pool.query('SELECT (SELECT count(*) FROM risk_history_all)::bigint AS history, (SELECT count(*) FROM risk_history_implicit)::bigint AS implicit')
).rows;
out(`risk history rows: ${history} (${implicit} of them implicit: migration 025)`);

const sample = arg('sample', 2000);
const dots: string[] = (await pool.query(`SELECT dot_number FROM carriers TABLESAMPLE SYSTEM (1) LIMIT ${sample}`)).rows.map((r) => r.dot_number);

out('\n## on-demand score without HTTP (source row + scoreCarrier), sequential');
const policy = mergePolicy({});
const times: number[] = [];
for (const d of dots) {
  const t = performance.now();
  await scoreFromSource(pool, d, policy);
  times.push(performance.now() - t);
}
const floor = summarize(times);
out(`n ${floor.n}  p50 ${round(floor.p50)} ms  p95 ${round(floor.p95)} ms  p99 ${round(floor.p99)} ms`);

const urlAt = process.argv.indexOf('--url');
const port = benchPorts();
const baseUrl = urlAt > 0 ? process.argv[urlAt + 1] : `http://127.0.0.1:${port}`;
const server =
  urlAt > 0
    ? null
    : await startTs(
        'server/main.ts',
        [],
        { PORT: String(port), HOST: '127.0.0.1', SAMPLE_CARRIERS: '0', JOBS_IN_PROCESS: 'false', LOG_LEVEL: 'silent', ANON_RATE_LIMIT: '1000000000' },
        async () => (await fetch(`${baseUrl}/v1/health`)).ok,
      );
const email = `bench-risk-${crypto.randomBytes(4).toString('hex')}@example.com`;
const signup = await fetch(`${baseUrl}/v1/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'bench-risk-pass' }),
});
const { api_key: key } = (await signup.json()) as { api_key: string };
await pool.query('UPDATE accounts SET rate_limit = 100000000 WHERE email = $1', [email]);

const seconds = arg('seconds', 10);
const connections = arg('connections', 10);
const classes: [string, BenchRequest[]][] = [
  // The same server's plain profile lookup, for scale: what HTTP, auth and the pool cost here.
  ['GET /carriers/{dot} (baseline)', dots.map((d) => ({ path: `/v1/carriers/${d}`, headers: { 'X-API-Key': key } }))],
  ['POST /risk-score {}', dots.map((d) => ({ method: 'POST', path: `/v1/carriers/${d}/risk-score`, headers: { 'X-API-Key': key }, body: {} }))],
  [
    'POST /risk-score {min_bipd, min_cargo}',
    dots.map((d) => ({ method: 'POST', path: `/v1/carriers/${d}/risk-score`, headers: { 'X-API-Key': key }, body: { min_bipd: 1_000_000, min_cargo: 100_000 } })),
  ],
  ['GET /risk-history', dots.map((d) => ({ path: `/v1/carriers/${d}/risk-history` }))],
];
out(`\n## HTTP (autocannon, ${connections} connections, ${seconds} s each)`);
for (const [name, requests] of classes) {
  const r = await drive(baseUrl, requests, { seconds, connections });
  out(`${name}: ${round(r.rps, 0)} req/s  p50 ${round(r.p50)} ms  p95 ${round(r.p95)} ms  p99 ${round(r.p99)} ms  non-2xx ${r.non2xx}  errors ${r.errors}`);
}
server?.kill('SIGTERM');
await pool.end();
