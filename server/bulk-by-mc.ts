/**
 * Bulk-by-MC's answer, from the stored core profiles (carrier_core_json) by MC number, which the
 * carrier cache keeps beside the rendered profiles: a broker checks the same roster again and
 * again, and an MC number's profiles, once read, are its answer until the next run. A request of
 * 500 read from the database costs PostgreSQL ~3 ms of CPU (~465 B-tree searches, 500 heap
 * tuples) and the server ~1 ms to take the ~360 KB in (docs/performance.md, seventeenth round).
 *
 * An entry is the bytes of one MC number's profiles joined by commas, tagged with the run they
 * were read from. One answer never joins profiles of two runs: when the cached entries and the
 * rows read for the misses are not all of one run (a run committed while its notification was
 * on its way), every MC number of the request is read again in one statement. MC numbers that
 * match nothing are not kept (nothing to evict them by); they are asked of the database each time.
 */
import { copyOutRows, digitsArrayLiteral } from '../lib/copy-out.ts';
import { sqlWith, type Pool } from '../lib/db.ts';
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
  const rows = await copyOutRows(pool, carriersByMcSql(mcs));
  const byMc = new Map<string, { dot: string; body: Buffer }[]>();
  for (const [, dot, mc, body] of rows) {
    if (!mc) continue; // nothing matched
    const carrier = { dot: dot!.toString('latin1'), body: body! };
    const key = mc.toString('latin1');
    const held = byMc.get(key);
    if (held) held.push(carrier);
    else byMc.set(key, [carrier]);
  }
  // Copied out of the statement's output (a kept entry would otherwise keep all of it alive).
  const bodies = new Map<string, Buffer>();
  for (const [mc, held] of byMc) {
    held.sort((a, b) => (a.dot < b.dot ? -1 : 1)); // several carriers of one MC: in DOT order
    bodies.set(mc, Buffer.concat(held.flatMap((c, i) => (i ? [COMMA, c.body] : [c.body]))));
  }
  return { run: rows[0] && etagOf('mc', rows[0][0]!.toString('latin1')), bodies };
}

/** Each found MC number's profiles, joined by commas; the numbers absent matched nothing. */
async function profilesByMc(pool: Pool, cache: CarrierCache | undefined, mcs: string[]): Promise<Map<string, Buffer>> {
  const generation = cache?.generation() ?? 0;
  const found = new Map<string, Buffer>();
  const runs = new Set<string>();
  const misses: string[] = [];
  for (const mc of mcs) {
    const hit = cache?.get(cacheKey('mc', mc));
    if (!hit) {
      misses.push(mc);
      continue;
    }
    found.set(mc, hit.body);
    runs.add(hit.etag);
  }
  if (runs.size > 1) return (await read(pool, mcs)).bodies;
  if (misses.length === 0) return found;
  const fresh = await read(pool, misses);
  if (runs.size === 1 && fresh.run && !runs.has(fresh.run)) return (await read(pool, mcs)).bodies;
  for (const [mc, body] of fresh.bodies) {
    found.set(mc, body);
    cache?.set(cacheKey('mc', mc), generation, { etag: fresh.run!, body });
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
  // One Buffer: a write per profile would cost more than copying ~360 KB once.
  return Buffer.concat(parts);
}
