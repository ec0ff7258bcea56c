/**
 * `npx tsx bench/search.ts [--seconds 10] [--rounds 3] [--connections 10] [--api URL] [--generate N --yes]`
 *
 * The search benchmark. Against the database of DATABASE_URL (a loaded registry, e.g. 2.1M
 * carriers), it drives each query class of GET /v1/carriers/search through the HTTP API with
 * autocannon, then the same searches straight through the PostgreSQL backend (the SQL the handler
 * runs, without HTTP) at the same concurrency, in interleaved rounds, and prints one JSON object:
 * p50/p95/p99 (ms) and req/s per class, plus each class's sample requests and their totals.
 *
 * --api URL        an API already serving that database; without it, server/main.ts is started
 * --generate N     first replace ALL carriers with N synthetic ones (sql/bench/search-carriers.sql)
 *                  and rebuild the search index; needs --yes (it truncates `carriers`)
 *
 * The search tables are built (full rebuild) when the database has none yet, and vacuumed.
 */
import { pathToFileURL } from 'node:url';
import { config } from '../lib/config.ts';
import { createPool, withTransaction, type Pool } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import { migrate } from '../lib/migrate.ts';
import { CENTROIDS, PostgresSearch, SEARCH_TABLES, rebuildSearchIndex, searchIndexState, searchParams } from '../lib/search/index.ts';
import { driveSamples, summarizeLoad, type LoadResult, type LoadSamples } from './lib/http-load.ts';
import { timeCallSamples } from './lib/sql-floor.ts';
import { startTs } from './lib/processes.ts';
import { round, summarizeRounds, type RoundSamples } from './lib/stats.ts';
import { benchPorts } from './lib/ports.ts';

type Query = Record<string, string | number>;

export interface SearchClass {
  name: string;
  queries: Query[];
}

export interface SearchFigure {
  name: string;
  /** A few of the class's queries with their totals (what the class exercises). */
  samples: { query: Query; total: number }[];
  http: LoadResult;
  /** The PostgreSQL backend called directly: the search's SQL at the same concurrency. */
  sql: { requests: number; rps: number; p50: number; p95: number; p99: number };
}

const log = (msg: string) => process.stderr.write(`[bench:search] ${msg}\n`);

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const swapMiddle = (w: string) => {
  const i = Math.floor(w.length / 2);
  return w.slice(0, i - 1) + w[i] + w[i - 1] + w.slice(i + 1);
};

/** The query classes, with values drawn from the loaded data. */
export async function searchClasses(pool: Pool): Promise<SearchClass[]> {
  const col = async (text: string) => (await pool.query(text)).rows.map((r) => Object.values(r)[0] as string);
  const common = await col('SELECT term FROM search_terms WHERE length(term) >= 5 ORDER BY n DESC LIMIT 8');
  const known = new Set(await col('SELECT term FROM search_terms'));
  const rare = await col('SELECT term FROM search_terms WHERE n BETWEEN 2 AND 30 AND length(term) >= 5 ORDER BY md5(term) LIMIT 20');
  // By hash, not TABLESAMPLE: a sample of pages drew neighbouring carriers, and other ones after
  // every load (a new physical order), so the class changed from run to run.
  const names = await col('SELECT legal_name FROM carriers ORDER BY md5(dot_number) LIMIT 20');
  const mid = await col('SELECT term FROM search_terms WHERE n BETWEEN 1000 AND 300000 AND length(term) >= 5 ORDER BY md5(term) LIMIT 40');
  const typos = [...common, ...mid].map(swapMiddle).filter((t) => !known.has(t)).slice(0, 24);
  const prefixes = [...new Set([...common, ...mid.slice(0, 10)].flatMap((w) => [w.slice(0, 3), w.slice(0, 5)]))];
  const states = await col(`SELECT state FROM search_counts WHERE active AND cargo = -1 GROUP BY state ORDER BY sum(n) DESC LIMIT 10`);
  const cargo = await col(`SELECT l.label FROM search_counts c JOIN search_cargo_labels l ON l.bit = c.cargo
                           WHERE c.active GROUP BY l.label ORDER BY sum(c.n) DESC LIMIT 6`);
  const centres = CENTROIDS.filter((c) => states.includes(c.state)).flatMap((c) => [
    { lat: round(c.lat + 0.7, 4), lon: round(c.lon - 0.9, 4) },
    { lat: round(c.lat - 0.5, 4), lon: round(c.lon + 1.1, 4) },
  ]);
  return [
    { name: 'common word (q=TRUCKING...)', queries: common.map((q) => ({ q })) },
    { name: 'rare name', queries: [...rare.map((q) => ({ q })), ...names.map((q) => ({ q }))] },
    { name: 'typo (q=TRUCKNIG...)', queries: typos.map((q) => ({ q })) },
    { name: 'prefix (q=TRA, TRANS...)', queries: prefixes.map((q) => ({ q })) },
    { name: 'state + cargo', queries: states.flatMap((state) => cargo.map((c) => ({ state, cargo: c }))) },
    { name: 'geo 200 mi by distance', queries: centres.map((c) => ({ ...c, radius: 200, sort: 'distance' })) },
    {
      name: 'deep page (page 400)',
      queries: [
        ...states.slice(0, 4).map((state) => ({ state, page: 400 })),
        ...common.slice(0, 4).map((q) => ({ q, page: 400 })),
        { page: 400 },
        { state: states[0], cargo: cargo[0], page: 400 },
      ],
    },
  ];
}

const toPath = (q: Query) => `/v1/carriers/search?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

/** The same searches through the PostgreSQL backend, `connections` at a time, for `seconds`. */
function backendSamples(backend: PostgresSearch, queries: Query[], opts: { seconds: number; connections: number }) {
  const params = queries.map((q) => searchParams(q as never, new Date()));
  return timeCallSamples((i) => backend.search(params[i % params.length]), opts);
}

/** Builds the search tables when missing and vacuums them (index-only scans need it). */
export async function prepareSearchIndex(pool: Pool): Promise<void> {
  if (!(await searchIndexState(pool))) {
    log('building the search index (full rebuild)');
    const r = await withTransaction(pool, (c) => rebuildSearchIndex(c, null));
    log(`built in ${(r.ms / 1000).toFixed(1)}s ${JSON.stringify(r.steps)}`);
  }
  for (const t of SEARCH_TABLES) await pool.query(`VACUUM (ANALYZE, PARALLEL 2) ${t}`);
}

/**
 * Each class through the API and straight through the backend, in `rounds` interleaved rounds of
 * seconds / rounds (as bench/run.ts does the endpoints); percentiles over all of a class's samples.
 */
export async function searchBench(opts: { databaseUrl: string; apiUrl: string; seconds: number; connections: number; rounds: number }) {
  const pool = createPool(opts.databaseUrl, opts.connections + 2);
  try {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::integer AS n FROM carriers');
    const backend = new PostgresSearch(pool);
    const classes = await searchClasses(pool);
    const samples: SearchFigure['samples'][] = [];
    for (const cls of classes) {
      const some = [];
      for (const query of cls.queries.slice(0, 4)) some.push({ query, total: (await backend.search(searchParams(query as never, new Date()))).total });
      samples.push(some);
    }
    const load = { seconds: opts.seconds / opts.rounds, connections: opts.connections };
    const httpRounds = classes.map((): LoadSamples[] => []);
    const sqlRounds = classes.map((): RoundSamples[] => []);
    for (let r = 1; r <= opts.rounds; r++) {
      for (const [k, cls] of classes.entries()) {
        log(`round ${r}/${opts.rounds}, ${cls.name}: HTTP ${load.seconds.toFixed(1)}s, then SQL ${load.seconds.toFixed(1)}s`);
        httpRounds[k].push(await driveSamples(opts.apiUrl, cls.queries.map((q) => ({ path: toPath(q) })), load));
        sqlRounds[k].push(await backendSamples(backend, cls.queries, load));
      }
    }
    const rounded = <T extends { rps: number; p50: number; p95: number; p99: number }>(x: T): T =>
      ({ ...x, rps: round(x.rps, 1), p50: round(x.p50), p95: round(x.p95), p99: round(x.p99) });
    const figures: SearchFigure[] = classes.map((cls, k) => ({
      name: cls.name,
      samples: samples[k],
      http: rounded(summarizeLoad(httpRounds[k])),
      sql: rounded(summarizeRounds(sqlRounds[k])),
    }));
    return { carriers: rows[0].n, seconds: opts.seconds, rounds: opts.rounds, connections: opts.connections, classes: figures };
  } finally {
    await pool.end();
  }
}

async function main() {
  const databaseUrl = config.databaseUrl;
  if (!databaseUrl) throw new Error('set DATABASE_URL to the database to benchmark');
  const seconds = Number(arg('seconds') ?? 10);
  const rounds = Number(arg('rounds') ?? 3);
  const connections = Number(arg('connections') ?? 10);
  await migrate(databaseUrl);
  const pool = createPool(databaseUrl, 2);
  const children: { kill: () => void }[] = [];
  try {
    const generate = arg('generate');
    if (generate) {
      if (!process.argv.includes('--yes')) throw new Error('--generate replaces every carrier of the database: add --yes');
      log(`generating ${generate} synthetic carriers`);
      await withTransaction(pool, async (c) => {
        await c.query(`SELECT set_config('search_bench.carriers', $1, true)`, [String(Number(generate))]);
        await c.query(sql('bench/search-carriers'));
      });
      await pool.query(`VACUUM (ANALYZE) carriers`);
      await pool.query('DELETE FROM search_index_state');
    }
    await prepareSearchIndex(pool);
    let apiUrl = arg('api');
    if (!apiUrl) {
      const port = benchPorts();
      apiUrl = `http://127.0.0.1:${port}`;
      const env = { DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SAMPLE_CARRIERS: '0', JOBS_IN_PROCESS: 'false', ANON_RATE_LIMIT: '1000000000', LOG_LEVEL: 'warn' };
      children.push(await startTs('server/main.ts', [], env, async () => (await fetch(`${apiUrl}/v1/health`)).ok));
    }
    const result = await searchBench({ databaseUrl, apiUrl, seconds, connections, rounds });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const c of children) c.kill();
    await pool.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  });
}
