/** Carries out a page plan (plan.ts): the DOT numbers of one page, in order. */
import type pg from 'pg';
import type { Queryable } from '../../postgres.ts';
import type { PageOrder, PagePlan } from './plan.ts';
import { distanceSlices, planWalk, wordSlots } from './plan.ts';
import type { Resolved } from './resolved.ts';
import { matchValues, mergedWalk, onMatches, onPostings, postingValues } from './statements.ts';


const ids = async (db: Queryable, query: pg.QueryConfig): Promise<number[]> =>
  (await db.query<{ id: number }>(query)).rows.map((row) => row.id);

/**
 * One sorted query (PostgreSQL walks an index when that is cheaper). `counted`: each row also
 * carries the number of matches (n), which makes the query read them all.
 */
export async function sortedPage(
  db: Queryable,
  r: Resolved,
  order: PageOrder,
  offset: number,
  limit: number,
  counted = false,
): Promise<{ id: number; n: number }[]> {
  const page: `page/${PageOrder}` | `page/${PageOrder}-counted` = counted ? `page/${order}-counted` : `page/${order}`;
  const ranked = order === 'rank' ? [r.query, `${r.query}%`] : [];
  return (await db.query<{ id: number; n: number }>(onMatches(page, matchValues(r, wordSlots(r)), [offset, limit, ...ranked]))).rows;
}

export async function readPage(
  db: Queryable,
  r: Resolved,
  plan: PagePlan,
  counts: Map<string | null, number>,
  offset: number,
): Promise<number[]> {
  const limit = r.p.perPage;
  switch (plan.kind) {
    case 'by-distance': {
      const page: number[] = [];
      for (const slice of distanceSlices(r.geoStates!, counts, plan.desc, offset, limit)) {
        page.push(...(await ids(db, onMatches('page/dot', matchValues(r, wordSlots(r), slice.states), [slice.skip, slice.limit]))));
      }
      return page;
    }
    case 'sorted':
      return (await sortedPage(db, r, plan.order, offset, limit)).map((x) => x.id);
    case 'walk': {
      if (!plan.head) return walk(db, r, plan.desc, [], offset, limit);
      const k = offset + limit;
      const head = await ids(db, onMatches('page-head', matchValues(r, wordSlots(r, 'none')), [k, r.query, `${r.query}%`]));
      if (head.length >= k) return head.slice(offset, k);
      const fromHead = head.slice(offset);
      const rest = await walk(db, r, false, head, Math.max(0, offset - head.length), limit - fromHead.length);
      return [...fromHead, ...rest];
    }
  }
}

/**
 * Name order from search_postings: the lists of the rarest word group, each cut at offset + limit
 * (the page can only hold entries from those heads), merged; `skip`: DOTs read before (the
 * relevance order's head).
 */
function walk(db: Queryable, r: Resolved, desc: boolean, skip: number[], offset: number, limit: number): Promise<number[]> {
  if (limit <= 0) return Promise.resolve([]);
  const plan = planWalk(r);
  const end = offset + limit;
  const sfx = desc ? '-desc' : '';
  switch (plan.kind) {
    case 'one':
      return ids(db, onPostings(`walk-one${sfx}`, postingValues(r, skip), [plan.term, plan.active, offset, limit]));
    case 'merged':
      return ids(db, mergedWalk(plan.lists.length, desc, postingValues(r, skip), [
        plan.lists.map((l) => l.term), plan.lists.map((l) => l.active), end, plan.lcp, offset, limit,
      ]));
    case 'lateral':
      return ids(db, onPostings(`walk-lateral${sfx}`, postingValues(r, skip), [plan.terms, plan.actives, end, offset, limit]));
    case 'join':
      return ids(db, onMatches(`walk-join${sfx}`, matchValues(r, wordSlots(r, { without: plan.driver })), [
        plan.terms, plan.actives, skip, end, offset, limit,
      ]));
  }
}
