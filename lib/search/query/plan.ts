/**
 * The PostgreSQL backend's planner: how a resolved search (resolve.ts) is counted and how its page
 * is read. Pure: no database; count.ts and page.ts carry the plans out, test/search-plan.test.ts
 * runs the planner alone.
 *
 * Totals are exact, and precomputed where match sets can be large: searches without text sum
 * search_counts (status/state/entity/cargo), search_counts_fleet (with a fleet range) or
 * search_counts_auth (with an authority age); one-word searches sum search_word_counts, or count
 * the word's search_postings entries when they also filter by cargo, fleet or authority. The
 * rest is counted row by row: those searches hold a selective filter (city, phone, e-mail, MC,
 * officer) or several words, whose intersection is small except when every word is common.
 *
 * Pages: a text search in name or relevance order reads search_postings (one name-ordered list
 * per word, each cut at the entries a page can reach, merged), unless its matches are few and its
 * words rare; other searches are one sorted query, which PostgreSQL answers by walking an ordered
 * index for large match sets; a deep page skips its offset on the way, index entry by index
 * entry. Geo searches sorted by distance page through the states within the radius, nearest
 * first, each by DOT.
 */
import type { SearchParams, SortKey } from '../contract.ts';
import { roundMiles, type StateDistance } from './geo.ts';
import type { Resolved, WordGroup } from './resolved.ts';
import { prefixEnd } from './text.ts';

/**
 * Where the plans switch (tests move them to run every plan on a small fixture): match sets and
 * word lists up to `smallTotal` are sorted in one query, beyond walked; a several-word search
 * whose rarest word group holds up to `driverMax` carriers is sorted and counted in one query (its
 * matches are few).
 */
export interface PlanThresholds {
  smallTotal: number;
  driverMax: number;
}
export const DEFAULT_THRESHOLDS: PlanThresholds = { smallTotal: 1000, driverMax: 5000 };

/** The rarest word group of a several-word search sorted on an estimate of the matches (fewMatches). */
const ESTIMATED_MAX_GROUP = 50_000;
/** Lists merged by one Merge Append at most; more (short prefixes) take the lateral walk. */
export const MAX_MERGED_LISTS = 24;
/**
 * What checking a word on a carrier_search row costs, in words-index entries: a several-word
 * search reads the rows of its rarest word group through the index, also intersecting the next
 * rarest when that holds fewer than this many times as many carriers, and checks the other words
 * on the rows ("KAUR EXPRESS INC" reads KAUR's rows rather than intersecting them with EXPRESS's
 * entries; "SILVER EXPRESS" intersects both).
 */
const ROW_CHECK_COST = 30;
/** The lcp bound of a walk taking every entry of its list (smallint's largest). */
export const ANY_LCP = 32767;
/** Word slots of matches.sql. */
const WORD_SLOTS = 8;

export type Order = SortKey | 'rank';

/** The orders of a page read in one sorted query (lib/search/sql/query/page/<order>.sql). */
export type PageOrder = 'name' | 'name-desc' | 'dot' | 'dot-desc' | 'fleet' | 'fleet-desc' | 'rank';

const PAGE_ORDERS: Record<Exclude<Order, 'distance_asc' | 'distance_desc'>, PageOrder> = {
  name_asc: 'name',
  name_desc: 'name-desc',
  dot_asc: 'dot',
  dot_desc: 'dot-desc',
  fleet_asc: 'fleet',
  fleet_desc: 'fleet-desc',
  rank: 'rank',
};

/** The order of a search: its sort; else distance for geo, relevance for text, else name. */
export const orderOf = (r: Resolved): Order => r.p.sort ?? (r.p.geo ? 'distance_asc' : r.groups.length ? 'rank' : 'name_asc');

export const byDistance = (order: Order): order is 'distance_asc' | 'distance_desc' =>
  order === 'distance_asc' || order === 'distance_desc';

/** The sorted page of an order (a distance order's states are each read by DOT). */
export const pageOrder = (order: Order): PageOrder => (byDistance(order) ? 'dot' : PAGE_ORDERS[order]);

// ------------------------------------------------------------------ what a search filters by

/** Filters only carrier_search holds (not the count tables, not search_postings). */
const hasRowFilters = (p: SearchParams): boolean =>
  p.city !== null || p.carrierOperation !== null || p.officer !== null || p.phone !== null || p.email !== null || p.mcNumber !== null;

/** City, phone, e-mail or MC: each picks a few hundred carriers at most through its own index. */
const hasSelectiveFilter = (p: SearchParams): boolean => p.city !== null || p.phone !== null || p.email !== null || p.mcNumber !== null;

/** Fleet and authority filters: search_word_counts does not hold them. */
const hasRangeFilters = (p: SearchParams): boolean => p.fleetMin !== null || p.fleetMax !== null || p.authoritySince !== null;

/** The word group holding the fewest carriers. */
const smallestGroup = (groups: WordGroup[]): number => groups.reduce((best, g, i) => (g.size < groups[best].size ? i : best), 0);

// ------------------------------------------------------------------ word slots

/**
 * The query words of a statement on carrier_search (matches.sql's slots $13..$20) and which of
 * them the words index may answer (bit i: slot i). `filter`: every word; the index answers all
 * of one word, else the rarest one or two (see ROW_CHECK_COST), and none beside a city, phone,
 * e-mail or MC filter (each picks a few hundred carriers at most through its own index, on
 * which the words are checked). `none`: no word (the relevance head: names starting with the
 * query hold every word). `{ without }`: every word but that group's (walked from its lists),
 * the index answering any.
 */
export interface WordSlots {
  terms: (string[] | null)[];
  indexed: number;
}

export function wordSlots(r: Resolved, use: 'filter' | 'none' | { without: number } = 'filter'): WordSlots {
  const terms = Array.from({ length: WORD_SLOTS }, (_, i) =>
    use === 'none' || (typeof use === 'object' && use.without === i) ? null : (r.groups[i]?.terms ?? null),
  );
  const all = (1 << WORD_SLOTS) - 1;
  if (use !== 'filter') return { terms, indexed: all };
  if (hasSelectiveFilter(r.p)) return { terms, indexed: 0 };
  if (r.groups.length < 2) return { terms, indexed: all };
  const [first, second] = r.groups.map((g, i) => ({ size: g.size, i })).sort((a, b) => a.size - b.size);
  return { terms, indexed: second.size <= ROW_CHECK_COST * first.size ? (1 << first.i) | (1 << second.i) : 1 << first.i };
}

// ------------------------------------------------------------------ counting

/** How the total is counted: by the page query itself (its matches are few), else a TotalPlan. */
export type CountPlan =
  /** `otherwise` when the page query finds no row (a page past the first may be past the end). */
  | { kind: 'in-page'; otherwise: TotalPlan }
  | TotalPlan;

/** A count of its own (per state when the page goes by distance). */
export type TotalPlan =
  /** A prefix filtered by status only: words.sql counted it. */
  | { kind: 'known'; n: number }
  /** count-cube.sql, count-fleet.sql, count-auth.sql: sums of precomputed counts. */
  | { kind: 'cube' }
  | { kind: 'fleet' }
  | { kind: 'auth' }
  /** count-word.sql: search_word_counts of the word, or of every word it begins (not exact). */
  | { kind: 'word'; word: string; exact: boolean }
  /** count-postings.sql: the entries of [lo, hi) whose lcp is below `lcp`. */
  | { kind: 'word-range'; lo: string; hi: string; lcp: number }
  /** count-terms.sql: carriers holding one of `terms`. */
  | { kind: 'terms'; terms: string[] }
  /** count-rows.sql: row by row. */
  | { kind: 'rows' };

export function planCount(r: Resolved, order: Order, limits: PlanThresholds): CountPlan {
  const byState = byDistance(order);
  const base = precomputedCount(r, byState);
  return !byState && fewMatches(r, limits) ? { kind: 'in-page', otherwise: base } : base;
}

function precomputedCount(r: Resolved, byState: boolean): TotalPlan {
  const p = r.p;
  const rowFilters = hasRowFilters(p);
  const rangeFilters = hasRangeFilters(p);
  const fleet = p.fleetMin !== null || p.fleetMax !== null;
  const auth = p.authoritySince !== null;
  const cargo = r.cargoBit !== null;
  const g = r.groups[0];
  const words = r.groups.length;
  if (words === 1 && g.activeSize !== undefined && !rowFilters && !rangeFilters && !cargo && r.states === null && r.entity === null && !byState) {
    return { kind: 'known', n: r.active === null ? g.size : r.active ? g.activeSize : g.size - g.activeSize };
  }
  if (words === 0 && !rowFilters && !fleet && !auth) return { kind: 'cube' };
  if (words === 0 && !rowFilters && fleet && !auth && !cargo) return { kind: 'fleet' };
  if (words === 0 && !rowFilters && auth && !fleet && !cargo) return { kind: 'auth' };
  if (words === 1 && !rowFilters && (g.prefix !== null || g.terms.length === 1)) {
    const word = g.prefix ?? g.terms[0];
    if (!cargo && !rangeFilters) return { kind: 'word', word, exact: g.prefix === null };
    // A prefix: every word of its range, each carrier once; one word: exactly that word.
    return g.prefix !== null
      ? { kind: 'word-range', lo: word, hi: prefixEnd(word), lcp: word.length }
      : { kind: 'word-range', lo: word, hi: `${word}\u0001`, lcp: ANY_LCP };
  }
  if (words === 1 && !rowFilters) return { kind: 'terms', terms: g.terms };
  return { kind: 'rows' };
}

/**
 * Whether the matches are few enough to sort and count in one read: a city, phone, e-mail or
 * MC filter, or several words of which one is rare, or whose rarest holds up to
 * ESTIMATED_MAX_GROUP carriers and which, taken as independent, would share few (the product of
 * their shares of the carriers, times the carriers). Words that go together more than that cost a
 * longer sort, bounded by the rarest group.
 */
function fewMatches(r: Resolved, limits: PlanThresholds): boolean {
  if (hasSelectiveFilter(r.p)) return true;
  if (r.groups.length < 2) return false;
  const rarest = r.groups[smallestGroup(r.groups)].size;
  if (rarest <= limits.driverMax) return true;
  if (r.carriers <= 0) return false; // never analyzed: reltuples is -1, no estimate
  const expected = r.groups.reduce((e, g) => e * Math.min(1, g.size / r.carriers), r.carriers);
  return rarest <= ESTIMATED_MAX_GROUP && expected <= limits.driverMax;
}

// ------------------------------------------------------------------ pages

export type PagePlan =
  /** The states within the radius by rounded distance, each state's matches by DOT (distanceSlices). */
  | { kind: 'by-distance'; desc: boolean }
  /** One sorted query: page/<order>.sql. */
  | { kind: 'sorted'; order: PageOrder }
  /** From search_postings (planWalk), after the relevance order's head when `head`. */
  | { kind: 'walk'; desc: boolean; head: boolean };

export function planPage(r: Resolved, order: Order, total: number, limits: PlanThresholds): PagePlan {
  if (byDistance(order)) return { kind: 'by-distance', desc: order === 'distance_desc' };
  if (!walks(r, order, total, limits)) return { kind: 'sorted', order: pageOrder(order) };
  // A name starting with the query holds each of its words as typed: none does with a typo.
  return { kind: 'walk', desc: order === 'name_desc', head: order === 'rank' && !r.groups.some((g) => g.typo) };
}

/**
 * Whether a text search pages through search_postings rather than sorting its matches: in
 * name or relevance order, when the matches are many, or when one common word is filtered down
 * by columns search_postings holds (sorting would read every carrier of the word; with several
 * words the words index intersects them first, and with other filters each walked entry would
 * cost a row lookup).
 */
function walks(r: Resolved, order: Order, total: number, limits: PlanThresholds): boolean {
  if (r.groups.length === 0 || !(order === 'rank' || order === 'name_asc' || order === 'name_desc')) return false;
  if (total > limits.smallTotal) return true;
  return r.groups.length === 1 && !hasRowFilters(r.p) && r.groups[0].size > limits.smallTotal;
}

/** One name-ordered list of search_postings: a word's entries of one status. */
interface PostingList {
  term: string;
  active: boolean;
}

/** Which walk reads a page from the lists of the search's rarest word group. */
export type WalkPlan =
  /** walk-one.sql: one list. */
  | { kind: 'one'; term: string; active: boolean }
  /** walk-merged-*.sql: a prefix's few lists merged in order, entries with lcp below `lcp`. */
  | { kind: 'merged'; lists: PostingList[]; lcp: number }
  /** walk-lateral.sql: every list cut at the page's end, merged by a sort. */
  | { kind: 'lateral'; terms: string[]; actives: boolean[] }
  /** walk-join.sql: as lateral, each entry checked against the matching carriers (the other groups' words, the row filters). */
  | { kind: 'join'; driver: number; terms: string[]; actives: boolean[] };

export function planWalk(r: Resolved): WalkPlan {
  const driver = smallestGroup(r.groups);
  const terms = r.groups[driver].terms;
  const actives = r.active === null ? [true, false] : [r.active];
  const lists = terms.flatMap((term) => actives.map((active) => ({ term, active })));
  if (r.groups.length > 1 || hasRowFilters(r.p)) return { kind: 'join', driver, terms, actives };
  const prefix = r.groups[0].prefix;
  if (lists.length === 1) return { kind: 'one', ...lists[0] };
  if (prefix !== null && lists.length <= MAX_MERGED_LISTS) return { kind: 'merged', lists, lcp: prefix.length };
  return { kind: 'lateral', terms, actives };
}

/** The part of a distance-ordered page that one sorted query reads: states of one rounded distance. */
export interface DistanceSlice {
  states: string[];
  /** Of those states' matches, by DOT. */
  skip: number;
  limit: number;
}

/**
 * Distance order: the states by rounded distance (tied states together, their carriers by DOT),
 * each state's matches by DOT. The per-state totals say which states the page falls in.
 */
export function distanceSlices(
  geoStates: StateDistance[],
  counts: Map<string | null, number>,
  desc: boolean,
  offset: number,
  perPage: number,
): DistanceSlice[] {
  const rings: { miles: number; states: string[]; n: number }[] = [];
  for (const s of geoStates) {
    const n = counts.get(s.state) ?? 0;
    if (n === 0) continue;
    const miles = roundMiles(s.miles);
    const last = rings.at(-1);
    if (last?.miles === miles) {
      last.states.push(s.state);
      last.n += n;
    } else rings.push({ miles, states: [s.state], n });
  }
  if (desc) rings.reverse();
  const slices: DistanceSlice[] = [];
  let skip = offset;
  let wanted = perPage;
  for (const ring of rings) {
    if (wanted <= 0) break;
    if (skip >= ring.n) {
      skip -= ring.n;
      continue;
    }
    slices.push({ states: ring.states, skip, limit: wanted });
    wanted -= Math.min(ring.n - skip, wanted);
    skip = 0;
  }
  return slices;
}
