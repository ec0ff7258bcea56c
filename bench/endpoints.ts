/**
 * The endpoint classes the benchmark drives, each with its HTTP requests (rotating over real
 * sample values) and the SQL the handler runs for the raw-SQL floor.
 */
import type pg from 'pg';
import { statement } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import type { BenchRequest } from './lib/http-load.ts';
import { copyOutRows } from '../lib/binary-copy.ts';
import { carriersByMcSql } from '../server/bulk-by-mc.ts';
import { SEEN_LIMIT } from '../server/carrier-cache.ts';
import type { SqlFloorCall } from './lib/sql-floor.ts';
import type { Target } from './report.ts';

export interface EndpointClass {
  name: string;
  target?: Target;
  /** Answers are meant to be 304 (revalidation), not 2xx. */
  notModified?: boolean;
  /** Not warmed up: its requests must each be new to the server. */
  cold?: boolean;
  /** Concurrent connections, when not the run's (latency of one request at a time). */
  connections?: number;
  requests: BenchRequest[];
  sql: SqlFloorCall[];
}

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i + n <= xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** The ETag the server serves each path with (it carries more than the run and the DOT number). */
async function etagsOf(apiUrl: string, paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < paths.length; i += 50) {
    out.push(...(await Promise.all(paths.slice(i, i + 50).map(async (p) => {
      const res = await fetch(`${apiUrl}${p}`);
      await res.arrayBuffer();
      const etag = res.headers.get('etag');
      if (!etag) throw new Error(`bench: ${p} was served without an ETag (${res.status})`);
      return etag;
    }))));
  }
  return out;
}

export async function endpointClasses(pool: pg.Pool, key: string, apiUrl: string): Promise<EndpointClass[]> {
  const pick = async (text: string) => (await pool.query(text)).rows.map((r) => Object.values(r)[0] as string);
  const dots = await pick('SELECT dot_number FROM carriers TABLESAMPLE SYSTEM (1) LIMIT 2000');
  // More than a class sends in all its rounds (~2,000 req/s × 10 s): no DOT is asked twice.
  const newDots = await pick('SELECT dot_number FROM carriers TABLESAMPLE SYSTEM (5) LIMIT 60000');
  const mcs = await pick('SELECT mc_number FROM carriers TABLESAMPLE SYSTEM (2) WHERE mc_number IS NOT NULL LIMIT 5000');
  // 1,500 requests of 500, more than the class sends in its rounds at the database's pace. Should
  // it come round to a number again, 750,000 others have passed: far more than the carrier cache
  // remembers as seen once, so none is kept. A small scale has too few numbers for that: no class.
  const allMcs = await pick('SELECT mc_number FROM (SELECT DISTINCT mc_number FROM carrier_core_json) m ORDER BY random() LIMIT 750000');
  const newMcs = allMcs.length >= 2 * SEEN_LIMIT ? allMcs : [];
  const changed = await pick('SELECT DISTINCT dot_number FROM changes LIMIT 2000');
  const auth = { 'X-API-Key': key };
  const run = await latestRun(pool);
  const profileEtags = await etagsOf(apiUrl, dots.map((d) => `/v1/carriers/${d}`));
  const byDot = (path: (d: string) => string, extra: Partial<BenchRequest> = {}) => dots.map((d) => ({ path: path(d), ...extra }));
  // Bulk-by-MC's requests of 500 numbers from `list`, and the statement the handler runs for them.
  const byMc = (list: string[]) => ({
    requests: chunks(list, 500).map((c) => ({ method: 'POST' as const, path: '/v1/carriers/bulk-by-mc', headers: auth, body: { mc_numbers: c } })),
    sql: chunks(list, 500).map((c) => (p: pg.Pool) => copyOutRows(p, carriersByMcSql(c))),
  });

  const classes: EndpointClass[] = [
    {
      name: 'carrier lookup GET /v1/carriers/{dot}',
      target: { p99: 20, bareShare: 0.4 },
      requests: byDot((d) => `/v1/carriers/${d}`),
      sql: dots.map((d) => statement('api/carrier-by-dot', [d])),
    },
    {
      // Never the same DOT twice: every answer from the database, none from the carrier cache.
      name: 'carrier lookup, every DOT new',
      cold: true,
      requests: newDots.map((d) => ({ path: `/v1/carriers/${d}` })),
      sql: newDots.map((d) => statement('api/carrier-by-dot', [d])),
    },
    {
      // The latency of a lookup on its own, without queueing behind other requests.
      name: 'carrier lookup, one request at a time',
      target: { p50: 3 },
      connections: 1,
      requests: byDot((d) => `/v1/carriers/${d}`),
      sql: dots.map((d) => statement('api/carrier-by-dot', [d])),
    },
    {
      name: 'full profile, revalidated (If-None-Match → 304)',
      notModified: true,
      // Revalidates with the ETag each profile was served with.
      requests: dots.map((d, i) => ({ path: `/v1/carriers/${d}`, headers: { 'If-None-Match': profileEtags[i] } })),
      sql: dots.map((d) => statement('api/carrier-by-dot', [d])),
    },
    {
      name: 'safety GET /v1/carriers/{dot}/safety',
      requests: byDot((d) => `/v1/carriers/${d}/safety`),
      sql: dots.map((d) => statement('api/carrier-by-dot', [d])),
    },
    {
      name: 'insurance GET /v1/carriers/{dot}/insurance',
      requests: byDot((d) => `/v1/carriers/${d}/insurance`),
      sql: dots.map((d) => statement('api/carrier-insurance', [d])),
    },
    {
      name: 'bulk of 50 POST /v1/carriers/bulk',
      requests: chunks(dots, 50).map((c) => ({ method: 'POST' as const, path: '/v1/carriers/bulk', headers: auth, body: { dot_numbers: c } })),
      sql: chunks(dots, 50).map((c) => statement('api/carriers-by-dots', [c])),
    },
    {
      name: 'bulk-by-MC of 500 POST /v1/carriers/bulk-by-mc',
      target: { p95: 60 },
      ...byMc(mcs),
    },
    {
      // Never the same MC number twice: every profile read from the database, none from the cache.
      name: 'bulk-by-MC of 500, every MC new',
      cold: true,
      ...byMc(newMcs),
    },
    {
      name: 'per-carrier changes GET /v1/carriers/{dot}/changes',
      requests: changed.map((d) => ({ path: `/v1/carriers/${d}/changes` })),
      sql: changed.map((d) => statement('api/changes-carrier', [d, null, 50, 0])),
    },
    {
      name: 'risk history GET /v1/carriers/{dot}/risk-history',
      requests: byDot((d) => `/v1/carriers/${d}/risk-history`),
      sql: dots.map((d) => statement('api/risk-history', [d, 50])),
    },
    {
      name: 'what-if POST /v1/carriers/{dot}/risk-score',
      requests: dots.map((d, i) => ({ method: 'POST' as const, path: `/v1/carriers/${d}/risk-score`, headers: auth, body: i % 2 ? { min_bipd: 1_000_000 } : {} })),
      sql: dots.map((d) => statement('api/risk-source', [d])),
    },
    {
      name: 'changes/latest GET /v1/changes/latest',
      requests: [{ path: '/v1/changes/latest' }, { path: '/v1/changes/latest?category=fleet_change' }, { path: '/v1/changes/latest?state=TX&per_page=200' }],
      // The rows statement of the handler (its header lookup is a one-row index read).
      sql: [
        [null, null, 50],
        ['fleet_change', null, 50],
        [null, 'TX', 200],
      ].map(([category, state, perPage]) => statement('api/changes-run-rows', [run, category, state, perPage, 0])),
    },
  ];
  return classes.filter((c) => c.requests.length > 0);
}

async function latestRun(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query(sql('api/latest-run'));
  return rows[0].etl_run_id;
}
