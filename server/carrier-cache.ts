/**
 * Rendered carrier answers (profile, safety, insurance), and bulk-by-MC's stored profiles by MC
 * number (server/bulk-by-mc.ts), kept in memory between ETL runs, so a repeated lookup is
 * answered without the database: a lookup spent most of its time in the query's round trip, row
 * parsing and JSON.stringify (docs/performance.md).
 *
 * An answer only changes when the tables it is read from change. A statement trigger on them
 * (migration 016) sends NOTIFY carrier_data, which PostgreSQL delivers when the writing
 * transaction commits; this cache LISTENs on its own connection and empties itself on every
 * notification. So a new run is served from cache within milliseconds of its commit, and never
 * mixed with the old one in an answer. While that connection is down (or being re-established)
 * nothing is cached or served from cache: notifications could be missed.
 *
 * Bounded by the bytes of the kept bodies; the least recently used go first. An answer is kept
 * the second time its key misses, not the first: a client walking through thousands of carriers
 * once (a crawl, a one-off check of a list) would otherwise push out the carriers asked for again
 * and again. The keys seen once are remembered up to SEEN_LIMIT, then forgotten all at once.
 */
import pg from 'pg';
import type { Pool } from '../lib/postgres.ts';
import { logger } from '../lib/logger.ts';

const CHANNEL = 'carrier_data';
export const SEEN_LIMIT = 50_000;

/**
 * The key of a carrier's answer: its kind and the DOT number without leading zeros; or, for
 * bulk-by-MC's stored profiles (server/bulk-by-mc.ts), 'mc' and the bare MC number.
 */
export const cacheKey = (kind: 'carrier' | 'safety' | 'insurance' | 'mc', bare: string) => `${kind}:${bare}`;

export interface CachedAnswer {
  etag: string;
  body: Buffer;
}

export interface CarrierCache {
  /** The kept answer, or undefined. Nothing is kept while the cache cannot trust its notifications. */
  get(key: string): CachedAnswer | undefined;
  /**
   * Keeps an answer read by a request that began at `generation` (from `generation()` before its
   * query): an invalidation that arrived since then means the rows may predate it, so it is dropped.
   * Only keys that missed before are kept (see above).
   */
  set(key: string, generation: number, answer: CachedAnswer): void;
  generation(): number;
  /** Resolves once every notification committed before the call has been applied. */
  sync(): Promise<void>;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  close(): Promise<void>;
}

export async function createCarrierCache(pool: Pool, maxBytes: number, retryMs = 1000): Promise<CarrierCache> {
  const entries = new Map<string, CachedAnswer>();
  const seen = new Set<string>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let generation = 0;
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const invalidate = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };

  async function connect(): Promise<void> {
    const c = new pg.Client(pool.options);
    c.on('notification', invalidate);
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(c, err as Error);
      return;
    }
    if (closed) return void (await c.end().catch(() => {}));
    client = c;
    // Whatever changed while nobody listened is unknown: start empty.
    invalidate();
    live = true;
  }

  function lost(c: pg.Client, err?: Error) {
    c.removeAllListeners('end');
    c.end().catch(() => {});
    if (client === c) client = undefined;
    live = false;
    invalidate();
    if (closed || retry) return;
    logger.warn({ err }, 'carrier cache: LISTEN connection lost; serving from the database until it is back');
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
  }

  if (maxBytes > 0) await connect();

  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) {
        misses++;
        return undefined;
      }
      hits++;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    },
    set(key, gen, answer) {
      if (!live || gen !== generation || answer.body.length > maxBytes) return;
      if (!seen.has(key)) {
        if (seen.size >= SEEN_LIMIT) seen.clear();
        seen.add(key);
        return;
      }
      const old = entries.get(key);
      if (old) bytes -= old.body.length;
      entries.delete(key);
      // A copy of its own: the body may be a view of a larger buffer (a statement's whole output,
      // or a pooled slab of small Buffers), which the entry would otherwise keep alive unaccounted.
      const body = Buffer.allocUnsafeSlow(answer.body.length);
      answer.body.copy(body);
      entries.set(key, { etag: answer.etag, body });
      bytes += answer.body.length;
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= v.body.length;
      }
    },
    generation: () => generation,
    async sync() {
      // PostgreSQL hands a listening session its pending notifications before it answers a query.
      if (client) await client.query('SELECT 1');
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
      invalidate();
    },
  };
}
