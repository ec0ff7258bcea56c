/**
 * Rate limits (spec: Limits; DESIGN.md §4), with express-rate-limit and three pools:
 * - account: requests carrying a valid key, keyed by account id, at the account's `rate_limit`;
 *   one pool for every authenticated request (bulk and risk-score included);
 * - auth: signup, login, forgot-password and reset-password together, per IP (10 a minute);
 * - anonymous: everything else under /v1, per IP (100 a minute), including requests whose key
 *   was rejected (they are counted before the 401, so guessing keys is throttled too).
 * Health and meta are never limited and carry no RateLimit headers. Headers follow IETF draft 8
 * (`RateLimit`, `RateLimit-Policy`); a 429 carries `Retry-After` and our error envelope.
 *
 * Store: in-process memory by default (server/rate-limit-memory-store.ts, on the injected clock);
 * PostgreSQL (@acpr/rate-limit-postgresql) when several server processes must share the limits
 * (RATE_LIMIT_STORE=postgres), on the database's now(), the one clock all of them agree on. Both
 * count in fixed windows of config.rateLimitWindowMs.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import { PostgresStore } from '@acpr/rate-limit-postgresql';
import pg from 'pg';
import { logger } from '../lib/logger.ts';
import type { Pool } from '../lib/postgres.ts';
import { HttpError } from './errors.ts';
import { findOperation } from './openapi.ts';
import { ClockedMemoryStore } from './rate-limit-memory-store.ts';
import type { Services } from './services.ts';

/** Operations that are never limited. */
const UNLIMITED = new Set(['getHealth', 'getMeta']);
/** Operations that share the small per-IP pool of the account endpoints. */
const AUTH_OPERATIONS = new Set(['signup', 'login', 'forgotPassword', 'resetPassword']);

type LimitPool = 'anonymous' | 'auth' | 'account';

export function createRateLimiter(services: Services): RequestHandler {
  const { config } = services;
  const ipKey: Options['keyGenerator'] = (req) => ipKeyGenerator(req.ip ?? 'unknown');
  const limiters: Record<LimitPool, RequestHandler> = {
    anonymous: limiter(services, 'anonymous', { limit: config.anonymousRateLimit, keyGenerator: ipKey }),
    auth: limiter(services, 'auth', { limit: config.authRateLimit, keyGenerator: ipKey }),
    account: limiter(services, 'account', {
      limit: (_req, res) => res.locals.account!.rate_limit,
      keyGenerator: (_req, res) => `account:${res.locals.account!.id}`,
    }),
  };
  return (req, res, next) => {
    if (!req.path.startsWith('/v1/')) return next();
    const op = findOperation(req.method, req.path);
    if (op && UNLIMITED.has(op.operationId)) return next();
    const pool: LimitPool = op && AUTH_OPERATIONS.has(op.operationId) ? 'auth' : res.locals.account ? 'account' : 'anonymous';
    return limiters[pool](req, res, next);
  };
}

function limiter(services: Services, name: LimitPool, options: Pick<Options, 'limit' | 'keyGenerator'>): RequestHandler {
  const { config } = services;
  const windowMs = config.rateLimitWindowMs;
  const log = logger.child({ component: 'rate-limit', pool: name });
  return rateLimit({
    ...options,
    windowMs,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: config.rateLimitStore === 'postgres' ? postgresStore(services.pool, name) : new ClockedMemoryStore(services.clock),
    handler: (req, _res, next) => {
      const { limit } = (req as unknown as { rateLimit: { limit: number } }).rateLimit;
      const window = windowMs === 60_000 ? 'minute' : `${windowMs / 1000} s`;
      next(new HttpError(429, 'RATE_LIMITED', `Rate limit of ${limit} requests per ${window} exceeded (${name} pool); retry after Retry-After seconds`));
    },
    logger: {
      error: (err, message) => log.error({ err }, message ?? 'rate limiter error'),
      warn: (err, message) => log.warn({ err }, message ?? 'rate limiter warning'),
    },
  });
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL store

const require = createRequire(import.meta.url);
const storeEntry = require.resolve('@acpr/rate-limit-postgresql');

/**
 * The store's schema (rate_limit.*) is created by postgres-migrations. The library's constructor
 * starts that without letting anyone wait for it (the first request could then come before the
 * functions exist, and a failure would be an unhandled rejection). So we run the same migrations
 * ourselves (same runner, same files, same advisory lock: concurrent processes are harmless),
 * every increment waits for them, and a failure is retried on the next request.
 */
const ready = new Map<string, Promise<void>>();
function storeReady(url: string): Promise<void> {
  let p = ready.get(url);
  if (!p) {
    p = (async () => {
      const { migrate } = createRequire(storeEntry)('postgres-migrations') as {
        migrate: (db: { client: pg.Client }, dir: string) => Promise<unknown>;
      };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrate({ client }, path.join(path.dirname(storeEntry), 'migrations'));
      } finally {
        await client.end();
      }
    })();
    p.catch(() => ready.delete(url));
    ready.set(url, p);
  }
  return p;
}

/**
 * The library's aggregated-count store (fixed windows per prefix, counts in
 * rate_limit.records_aggregated), run on our pool and our migration step: its methods applied to
 * an object that skips its constructor (the un-awaited migration) and its init (a second pool
 * that nobody would close).
 */
const storeMethods = PostgresStore.prototype;
class SharedPoolPostgresStore implements Store {
  windowMs = 0;
  constructor(
    readonly pool: Pool,
    readonly prefix: string,
    private readonly url: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string) {
    await storeReady(this.url);
    return storeMethods.increment.call(this, key);
  }

  async decrement(key: string) {
    await storeReady(this.url);
    return storeMethods.decrement.call(this, key);
  }

  async resetKey(key: string) {
    await storeReady(this.url);
    return storeMethods.resetKey.call(this, key);
  }
}

function postgresStore(pool: Pool, prefix: string): Store {
  const url = pool.options.connectionString;
  if (!url) throw new Error('RATE_LIMIT_STORE=postgres: the pool has no connection string');
  return new SharedPoolPostgresStore(pool, prefix, url);
}
