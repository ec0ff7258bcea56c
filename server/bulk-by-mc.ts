/**
 * Bulk-by-MC's answer, from the stored core profiles (carrier_core_json) by MC number, which the
 * carrier cache keeps beside the rendered profiles: a broker checks the same roster again and
 * again, and an MC number's profiles, once read, are its answer until the next run. Read from the
 * database, each MC number costs PostgreSQL an index search and its heap tuples, and the server the
 * grouping of the rows; from memory, neither (docs/performance.md).
 *
 * An entry is the bytes of one MC number's profiles joined by commas, tagged with the run they
 * were read from. One answer never joins profiles of two runs: when the cached entries and the
 * rows read for the misses are not all of one run (a run committed while its notification was
 * on its way), every MC number of the request is read again in one statement. MC numbers that
 * match nothing are not kept (nothing to evict them by); they are asked of the database each time.
 */
import { copyOut, digitsArrayLiteral, eachBinaryCopyRow } from '../lib/binary-copy.ts';
import type { Pool } from '../lib/postgres.ts';
import { sqlWith } from '../lib/sql-files.ts';
import { cacheKey, type CarrierCache } from './carrier-cache.ts';
import { etagOf } from './etag.ts';

/** Bulk-by-MC's statement for these bare MC numbers (digits: the handler checked each). */
export const carriersByMcSql = (mcs: string[]) => sqlWith('api/carriers-by-mcs', { mc_numbers: digitsArrayLiteral(mcs) });

const COMMA = Buffer.from(',');
/** The start of the answer, before the profiles. */
const HEAD = Buffer.from('{"data":[');

interface Read {
  /** The tag of the run the rows come from; undefined when no run is served. */
  run?: string;
  bodies: Map<string, Buffer>;
}

async function read(pool: Pool, mcs: string[]): Promise<Read> {
  const out = await copyOut(pool, carriersByMcSql(mcs));
  let run: string | undefined;
  const byMc = new Map<string, { dot: string; body: Buffer }[]>();
  eachBinaryCopyRow(out, ({ start, end }) => {
    run ??= etagOf('mc', out.toString('latin1', start[0], end[0]));
    if (start[2] === -1) return; // nothing matched
    const mc = out.toString('latin1', start[2], end[2]);
    const carrier = { dot: out.toString('latin1', start[1], end[1]), body: out.subarray(start[3], end[3]) };
    const held = byMc.get(mc);
    if (held) held.push(carrier);
    else byMc.set(mc, [carrier]);
  });
  // Most MC numbers have one carrier: its body as a view of the output (the cache copies what it keeps).
  const bodies = new Map<string, Buffer>();
  for (const [mc, held] of byMc) {
    if (held.length === 1) {
      bodies.set(mc, held[0].body);
      continue;
    }
    held.sort((a, b) => (a.dot < b.dot ? -1 : 1)); // in DOT order
    bodies.set(mc, Buffer.concat(held.flatMap((c, i) => (i ? [COMMA, c.body] : [c.body]))));
  }
  return { run, bodies };
}

/** Each found MC number's profiles, joined by commas; the numbers absent matched nothing. */
async function profilesByMc(pool: Pool, cache: CarrierCache | undefined, mcs: string[]): Promise<Map<string, Buffer>> {
  const generation = cache?.generation() ?? 0;
  const found = new Map<string, Buffer>();
  const runs = new Set<string>();
  const misses = new Map<string, string>(); // MC number → its cache key
  for (const mc of mcs) {
    const key = cacheKey('mc', mc);
    const hit = cache?.get(key);
    if (!hit) {
      misses.set(mc, key);
      continue;
    }
    found.set(mc, hit.body);
    runs.add(hit.etag);
  }
  if (runs.size > 1) return (await read(pool, mcs)).bodies;
  if (misses.size === 0) return found;
  const fresh = await read(pool, [...misses.keys()]);
  if (runs.size === 1 && fresh.run && !runs.has(fresh.run)) return (await read(pool, mcs)).bodies;
  for (const [mc, body] of fresh.bodies) {
    found.set(mc, body);
    cache?.set(misses.get(mc)!, generation, { etag: fresh.run!, body });
  }
  return found;
}

/**
 * The answer's bytes for `wanted` (bare MC number → the entry as sent, in request order): each
 * matched carrier once, in request order, and the entries that matched nothing.
 */
export async function bulkByMcAnswer(pool: Pool, cache: CarrierCache | undefined, wanted: Map<string, string>): Promise<Buffer> {
  const found = await profilesByMc(pool, cache, [...wanted.keys()]);
  const parts: Buffer[] = [HEAD];
  const notFound: string[] = [];
  for (const [mc, sent] of wanted) {
    const bodies = found.get(mc);
    if (!bodies) {
      notFound.push(sent);
      continue;
    }
    if (parts.length > 1) parts.push(COMMA);
    parts.push(bodies);
  }
  parts.push(Buffer.from(`],"not_found":${JSON.stringify(notFound)}}`));
  // One Buffer: a write per profile would cost more than copying the whole answer once.
  return Buffer.concat(parts);
}
