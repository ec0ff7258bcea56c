/**
 * The PostgreSQL search backend, over the tables lib/search/build/ keeps (docs/search.md): a
 * search is resolved against the index (resolve.ts), planned (plan.ts: how to count, how to read
 * the page), counted (count.ts) and paged (page.ts); the rows come from `carriers` (rows.ts).
 *
 * Matching: every query word must match a word of the legal or DBA name — the last word as a
 * prefix, the others whole. A word that no name holds (as a word or, for the last one, as a
 * prefix) is a typo: it matches the dictionary words within its typo budget instead (one edit
 * from 4 letters, two from 8; none found: nothing matches). At most 8 words take part.
 */
import { withTransaction, type Pool, type PoolClient } from '../../postgres.ts';
import type { SearchBackend, SearchParams, SearchResult } from '../contract.ts';
import { searchSql } from '../sql.ts';
import { countMatches } from './count.ts';
import { readPage, sortedPage } from './page.ts';
import { byDistance, DEFAULT_THRESHOLDS, orderOf, pageOrder, planCount, planPage, type PlanThresholds } from './plan.ts';
import { resolve } from './resolve.ts';
import { fetchRows } from './rows.ts';

export type { PlanThresholds } from './plan.ts';

export class PostgresSearch implements SearchBackend {
  readonly name = 'postgres' as const;

  constructor(
    private readonly pool: Pool,
    private readonly limits: PlanThresholds = DEFAULT_THRESHOLDS,
  ) {}

  /**
   * One search = one read-only transaction (query/begin.sql): its count and its page come from
   * one snapshot, so a load committing in between cannot make them disagree.
   */
  search(p: SearchParams): Promise<SearchResult> {
    return withTransaction(this.pool, (db) => searchIn(db, p, this.limits), searchSql('query/begin'));
  }
}

async function searchIn(db: PoolClient, p: SearchParams, limits: PlanThresholds): Promise<SearchResult> {
  const r = await resolve(db, p);
  if (!r) return { rows: [], total: 0 };
  const order = orderOf(r);
  const offset = (p.page - 1) * p.perPage;
  let count = planCount(r, order, limits);
  if (count.kind === 'in-page') {
    // Few rows to read: the page query counts them too, instead of a second pass over them.
    const page = await sortedPage(db, r, pageOrder(order), offset, p.perPage, true);
    if (page.length > 0 || offset === 0) return { rows: await fetchRows(db, page.map((x) => x.id), p.geo), total: page[0]?.n ?? 0 };
    count = count.otherwise;
  }
  const counts = await countMatches(db, r, count, byDistance(order));
  const total = [...counts.values()].reduce((a, n) => a + n, 0);
  if (offset >= total) return { rows: [], total };
  const ids = await readPage(db, r, planPage(r, order, total, limits), counts, offset);
  return { rows: await fetchRows(db, ids, p.geo), total };
}
