/** Carries out a count plan (plan.ts): the exact number of matches, per state when asked. */
import type pg from 'pg';
import type { Queryable } from '../../postgres.ts';
import type { TotalPlan } from './plan.ts';
import { wordSlots } from './plan.ts';
import type { Resolved } from './resolved.ts';
import { matchValues, onMatches, onPostings, postingValues, queryStatement } from './statements.ts';

type Counts = { state: string | null; n: number }[];

/** Matches per state (`byState`) or under the key null. */
export async function countMatches(
  db: Queryable,
  r: Resolved,
  plan: TotalPlan,
  byState: boolean,
): Promise<Map<string | null, number>> {
  const p = r.p;
  const run = async (query: pg.QueryConfig) => (await db.query(query)).rows as Counts;
  let rows: Counts;
  switch (plan.kind) {
    case 'known':
      return new Map([[null, plan.n]]);
    case 'cube':
      rows = await run(queryStatement('count-cube', [r.active, r.states, r.entity, r.cargoBit ?? -1, byState]));
      break;
    case 'fleet':
      rows = await run(queryStatement('count-fleet', [r.active, r.states, r.entity, p.fleetMin, p.fleetMax, byState]));
      break;
    case 'auth': {
      const since = p.authoritySince!;
      rows = await run(queryStatement('count-auth', [r.active, r.states, r.entity, since.slice(0, 7), since, byState]));
      break;
    }
    case 'word':
      rows = await run(queryStatement('count-word', [plan.word, plan.exact, r.active, r.states, r.entity, byState]));
      break;
    case 'word-range':
      rows = await run(onPostings('count-postings', postingValues(r), [plan.lo, plan.hi, plan.lcp, r.active, byState]));
      break;
    case 'terms':
      rows = await run(onPostings('count-terms', postingValues(r), [plan.terms, r.active, byState]));
      break;
    case 'rows':
      rows = await run(onMatches('count-rows', matchValues(r, wordSlots(r)), [byState]));
      break;
  }
  return new Map(rows.map((row) => [row.state, Number(row.n)]));
}
