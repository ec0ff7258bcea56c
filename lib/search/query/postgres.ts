/**
 * The PostgreSQL search backend: a small planner over the tables of sql/migrations/005.do.sql.
 *
 * Matching: every query word must match a word of the legal or DBA name — the last word as a
 * prefix, the others whole. A word that no name holds (as a word or, for the last one, as a
 * prefix) is a typo: it matches the dictionary words within its typo budget instead (one edit
 * from 4 letters, two from 8; none found: nothing matches). At most 8 words take part.
 *
 * Totals are exact, and precomputed where match sets can be large: searches without text sum
 * search_counts (status/state/entity/cargo), search_counts_fleet (with a fleet range) or
 * search_counts_auth (with an authority age); one-word searches sum search_word_counts, or count
 * the word's search_postings entries when they also filter by cargo, fleet or authority. The
 * rest is counted row by row: those searches hold a selective filter (city, phone, e-mail, MC,
 * officer) or several words, whose intersection is small except when every word is common.
 *
 * Pages: a text search in name or relevance order reads search_postings (one name-ordered list
 * per word, each cut at page x per_page entries, merged), unless its matches are few and its
 * words rare; other searches are one sorted query, which the planner answers by walking an
 * ordered index (index-only) for large match sets. A deep page in name order without text, filtered
 * by status, state and cargo label only, starts at the name bucket holding its first row (search_name_buckets)
 * instead of skipping its whole offset, and so does a deep page of one word's lists filtered by
 * status only (search_word_buckets). Geo searches sorted by distance page through the states
 * within the radius, nearest first, each by DOT.
 */
import { prepared, sql, statement, withTransaction, type Pool, type PoolClient } from '../../db.ts';
import { roundMiles, statesWithin, type StateDistance } from './geo.ts';
import { fetchRows } from './rows.ts';
import { containsPattern, deletions, oneEditAway, prefixEnd, typoBudget, typoDistance } from './text.ts';
import { entityCode } from '../entity-codes.ts';
import type { SearchBackend, SearchParams, SearchResult, SortKey } from '../contract.ts';

/**
 * Where the plans switch (tests move them to run every plan on a small fixture): match sets and
 * word lists up to `smallTotal` are sorted in one query, beyond walked; a several-word search
 * whose rarest word group holds up to `driverMax` carriers is sorted and counted in one query (its
 * matches are few); a page without text in name order, or of one word's list, from offset
 * `bucketFrom` starts at its name bucket (finding it costs ~0.8 ms, about as much as walking 3,000
 * index entries).
 */
export interface PlanThresholds {
  smallTotal: number;
  driverMax: number;
  bucketFrom: number;
}
const DEFAULT_THRESHOLDS: PlanThresholds = { smallTotal: 1000, driverMax: 5000, bucketFrom: 3000 };
/** The rarest word group of a several-word search sorted on an estimate of the matches (fewMatches). */
const ESTIMATED_MAX_GROUP = 50_000;
/** Prefix word lists merged by one Merge Append at most; more (short prefixes) take the lateral walk. */
const MAX_MERGED_LISTS = 24;
/**
 * What checking a word on a carrier_search row costs, in words-index entries: a several-word
 * search reads the rows of its rarest word group through the index, also intersecting the next
 * rarest when that holds fewer than this many times as many carriers, and checks the other words
 * on the rows (measured at 2.1M carriers: "KAUR EXPRESS INC" reads KAUR's 3.2k rows rather than
 * EXPRESS's 144k entries; "SILVER EXPRESS" intersects 15k with 144k).
 */
const ROW_CHECK_COST = 30;
/** The lcp bound of a walk taking every entry of its list (smallint's largest). */
const ANY_LCP = 32767;
/** Query words taking part in matching (the filter SQL has this many slots, from $13). */
const MAX_WORDS = 8;
const FIRST_WORD_SLOT = 13;

/** ORDER BY of search-page.sql per sort (a fixed list: never built from input). */
const PAGE_ORDER: Record<Exclude<SortKey, 'distance_asc' | 'distance_desc'>, string> = {
  name_asc: 's.name, s.id',
  name_desc: 's.name DESC, s.id',
  dot_asc: 's.id',
  dot_desc: 's.id DESC',
  fleet_asc: 's.power_units, s.id',
  fleet_desc: 's.power_units DESC, s.id',
};

/** What one query word matches: the dictionary words and how many carriers hold one of them. */
interface WordGroup {
  /** The last word, matched as a prefix (terms: every dictionary word starting with it). */
  prefix: string | null;
  terms: string[];
  /** Carriers holding one of the terms, any status (exact for one term or a prefix; else a bound). */
  size: number;
  /** Of `size`, the ACTIVE carriers: known for a prefix (search-words.sql). */
  activeSize?: number;
  /** No name holds the word as typed: the terms are the dictionary words within its typo budget. */
  typo: boolean;
}

/** A search resolved against the index: the bind values of sql/api/search-filters.sql. */
interface Resolved {
  active: boolean | null;
  states: string[] | null;
  entity: number | null;
  /** cargo bit, or null without a cargo filter. */
  cargoBit: number | null;
  groups: WordGroup[];
  /** The planner's estimate of the indexed carriers (any status), for guessing how words intersect. */
  carriers: number;
  /** The normalised query (relevance order), or null without text. */
  query: string | null;
  p: SearchParams;
}

type Order = SortKey | 'rank';
type Queryable = Pick<PoolClient, 'query'>;

/** sql/<name>.sql without its comment lines: a piece put into another statement. */
const fragment = (name: string): string => sql(name).replace(/^--.*\n/gm, '').trim();

/** Filters only carrier_search holds (not the count tables, not search_postings). */
const hasRowFilters = (p: SearchParams): boolean =>
  p.city !== null || p.carrierOperation !== null || p.officer !== null || p.phone !== null || p.email !== null || p.mcNumber !== null;

/** The exact-match keys a carrier must hold (carrier_search.keys): 'c:' city, 'o:' operation. */
const keysOf = (p: SearchParams): string[] | null => {
  const keys = [...(p.city === null ? [] : [`c:${p.city}`]), ...(p.carrierOperation === null ? [] : [`o:${p.carrierOperation}`])];
  return keys.length ? keys : null;
};

/** City, phone, e-mail or MC: each picks a few hundred carriers at most through its own index. */
const hasSelectiveFilter = (p: SearchParams): boolean => p.city !== null || p.phone !== null || p.email !== null || p.mcNumber !== null;

/** Fleet and authority filters: search_word_counts does not hold them. */
const hasRangeFilters = (p: SearchParams): boolean => p.fleetMin !== null || p.fleetMax !== null || p.authoritySince !== null;

/** Filters search_postings holds besides the status (search-posting-filters.sql). */
const hasPostingFilters = (r: Resolved): boolean =>
  r.states !== null || r.entity !== null || r.cargoBit !== null || hasRangeFilters(r.p);

/** Searches search_name_buckets counts: no text, no filter but the status, one state and one cargo label. */
const bucketed = (r: Resolved): boolean =>
  r.groups.length === 0 && !hasRowFilters(r.p) && !hasRangeFilters(r.p) && r.entity === null && (r.states?.length ?? 1) === 1;

/** The word group holding the fewest carriers. */
const smallestGroup = (groups: WordGroup[]): number => groups.reduce((best, g, i) => (g.size < groups[best].size ? i : best), 0);

/** The cargo_bits mask of the cargo filter (bigint as text), or null. */
const cargoMask = (r: Resolved): string | null => (r.cargoBit === null ? null : (1n << BigInt(r.cargoBit)).toString());

export class PostgresSearch implements SearchBackend {
  readonly name = 'postgres' as const;
  /** Statement texts with their fixed fragments put in, per variant. */
  private readonly templates = new Map<string, string>();

  constructor(
    private readonly pool: Pool,
    private readonly limits: PlanThresholds = DEFAULT_THRESHOLDS,
  ) {}

  /**
   * One search = one read-only transaction: its count and its page come from one snapshot (a
   * load committing in between cannot make them disagree), and parallel plans are off — on a
   * few cores serving many small searches at once, starting workers costs more than they save.
   */
  search(p: SearchParams): Promise<SearchResult> {
    return withTransaction(this.pool, (client) => new SearchRun(client, this.limits, this.templates).search(p), sql('api/search-begin'));
  }
}

/** The steps of one search, on the client of its transaction. */
class SearchRun {
  constructor(
    private readonly db: Queryable,
    private readonly limits: PlanThresholds,
    private readonly templates: Map<string, string>,
  ) {}

  async search(p: SearchParams): Promise<SearchResult> {
    const geoStates = p.geo ? statesWithin(p.geo.lat, p.geo.lon, p.geo.radius) : null;
    const r = await this.resolve(p, geoStates);
    if (!r) return { rows: [], total: 0 };
    const order: Order = p.sort ?? (p.geo ? 'distance_asc' : r.groups.length ? 'rank' : 'name_asc');
    const byState = order === 'distance_asc' || order === 'distance_desc';
    const offset = (p.page - 1) * p.perPage;
    if (!byState && this.fewMatches(r)) {
      // Few rows to read: the page query counts them too, instead of a second pass over them.
      const page = await this.sortedPage(r, order, offset, p.perPage, true);
      if (page.length > 0 || offset === 0) return { rows: await fetchRows(this.db, page.map((x) => x.id), p.geo), total: page[0]?.n ?? 0 };
    }
    const counts = await this.count(r, byState);
    const total = [...counts.values()].reduce((a, n) => a + n, 0);
    if (offset >= total) return { rows: [], total };
    const ids = byState
      ? await this.distancePage(r, geoStates!, counts, order === 'distance_desc', offset)
      : await this.page(r, order, total, offset);
    return { rows: await fetchRows(this.db, ids, p.geo), total };
  }

  // ------------------------------------------------------------------ resolving the filters

  /** Filters as bind values, query words as dictionary words; null when nothing can match. */
  private async resolve(p: SearchParams, geoStates: StateDistance[] | null): Promise<Resolved | null> {
    let states: string[] | null = p.state ? [p.state] : null;
    if (geoStates) {
      const within = geoStates.map((s) => s.state);
      states = states ? states.filter((s) => within.includes(s)) : within;
    }
    if (states?.length === 0) return null;
    if (p.phone === '') return null; // a phone filter without digits matches no phone
    let cargoBit: number | null = null;
    if (p.cargo !== null) {
      const { rows } = await this.db.query<{ bit: number }>(statement('api/search-cargo-bit', [p.cargo]));
      if (!rows[0]) return null;
      cargoBit = rows[0].bit;
    }
    let groups: WordGroup[] = [];
    let carriers = 0;
    if (p.words !== null) {
      // A query without letters or digits has no word to match.
      if (p.words.length === 0) return null;
      const words = p.words.length > MAX_WORDS ? [...p.words.slice(0, MAX_WORDS - 1), p.words.at(-1)!] : p.words;
      const resolved = await this.wordGroups(words);
      if (!resolved) return null;
      ({ groups, carriers } = resolved);
    }
    return {
      active: p.status === 'ALL' ? null : p.status === 'ACTIVE',
      states,
      entity: p.entityType === null ? null : entityCode(p.entityType),
      cargoBit,
      groups,
      carriers,
      query: p.words?.join(' ') ?? null,
      p,
    };
  }

  private async wordGroups(words: string[]): Promise<{ groups: WordGroup[]; carriers: number } | null> {
    const nexts = words.map((w, i) => (i === words.length - 1 ? prefixEnd(w) : null));
    const { rows } = await this.db.query<{
      word: string;
      exact_n: number | null;
      prefix_n: number | null;
      prefix_active_n: number | null;
      terms: string[] | null;
      carriers: number;
    }>(
      statement('api/search-words', [words, nexts]),
    );
    const groups: WordGroup[] = [];
    for (const [i, word] of words.entries()) {
      const s = rows[i];
      const last = i === words.length - 1;
      if (last && s.prefix_n) {
        groups.push({ prefix: word, terms: s.terms!, size: s.prefix_n, activeSize: s.prefix_active_n!, typo: false });
      } else if (!last && s.exact_n) {
        groups.push({ prefix: null, terms: [word], size: s.exact_n, typo: false });
      } else {
        const typos = await this.typoTerms(word);
        if (typos.length === 0) return null;
        groups.push({ prefix: null, terms: typos.map((t) => t.term), size: typos.reduce((a, t) => a + t.n, 0), typo: true });
      }
    }
    return { groups, carriers: Number(rows[0]?.carriers ?? 0) };
  }

  /**
   * Dictionary words within the typo budget of a word no name holds. One edit: every word one
   * edit away, looked up (a few hundred btree probes, 1–2 ms at 2.1M carriers). Two: the words
   * filed under one of the word's deletions (migration 013), checked.
   */
  private async typoTerms(word: string): Promise<{ term: string; n: number }[]> {
    const budget = typoBudget(word.length);
    if (budget === 0) return [];
    if (budget === 1) {
      return (await this.db.query<{ term: string; n: number }>(statement('api/search-terms-in', [oneEditAway(word)]))).rows;
    }
    const { rows } = await this.db.query<{ term: string; n: number }>(statement('api/search-typo-terms', [deletions(word)]));
    return rows.filter((r) => typoDistance(word, r.term, budget) <= budget);
  }

  /** The 20 bind values of sql/api/search-filters.sql. */
  private filterValues(r: Resolved, words: 'all' | 'none' | { skip: number } = 'all'): unknown[] {
    const p = r.p;
    const slots = Array.from({ length: MAX_WORDS }, (_, i) =>
      words === 'none' || (typeof words === 'object' && words.skip === i) ? null : (r.groups[i]?.terms ?? null),
    );
    return [
      r.active,
      r.states,
      r.entity,
      cargoMask(r),
      keysOf(p),
      p.officer === null ? null : containsPattern(p.officer),
      p.phone,
      p.email,
      p.mcNumber,
      p.fleetMin,
      p.fleetMax,
      p.authoritySince,
      ...slots,
    ];
  }

  /**
   * Statement text with the shared filters. With a city, phone, e-mail or MC filter (each picks
   * a few hundred carriers at most through its own index) the words are checked on those rows
   * instead of through the words index, whose bitmap for a common word is far larger; so are
   * the words of a several-word search but the rarest one or two (see ROW_CHECK_COST).
   */
  private filtered(r: Resolved, name: string, order = '', counted = false): string {
    if (hasSelectiveFilter(r.p)) return this.withFilters(name, order, [], counted);
    if (r.groups.length < 2) return this.withFilters(name, order, 'all', counted);
    const [first, second] = r.groups.map((g, i) => ({ size: g.size, i })).sort((a, b) => a.size - b.size);
    const indexed = second.size <= ROW_CHECK_COST * first.size ? [first.i, second.i] : [first.i];
    return this.withFilters(name, order, indexed, counted);
  }

  // ------------------------------------------------------------------ counting

  /** Matches per state (byState) or under the key null. */
  private async count(r: Resolved, byState: boolean): Promise<Map<string | null, number>> {
    const p = r.p;
    const rowFilters = hasRowFilters(p);
    const rangeFilters = hasRangeFilters(p);
    let rows: { state: string | null; n: number }[];
    const g = r.groups[0];
    const fleet = p.fleetMin !== null || p.fleetMax !== null;
    const auth = p.authoritySince !== null;
    const cargo = r.cargoBit !== null;
    const q = (name: string, values: unknown[]) => this.db.query<{ state: string | null; n: number }>(statement(name, values));
    if (r.groups.length === 1 && g.activeSize !== undefined && !rowFilters && !rangeFilters && !cargo && r.states === null && r.entity === null && !byState) {
      // A prefix filtered by status only: the words statement counted it (one round trip less).
      return new Map([[null, r.active === null ? g.size : r.active ? g.activeSize : g.size - g.activeSize]]);
    }
    if (r.groups.length === 0 && !rowFilters && !fleet && !auth) {
      ({ rows } = await q('api/search-count-cube', [r.active, r.states, r.entity, r.cargoBit ?? -1, byState]));
    } else if (r.groups.length === 0 && !rowFilters && fleet && !auth && !cargo) {
      ({ rows } = await q('api/search-count-fleet', [r.active, r.states, r.entity, p.fleetMin, p.fleetMax, byState]));
    } else if (r.groups.length === 0 && !rowFilters && auth && !fleet && !cargo) {
      const since = p.authoritySince!;
      ({ rows } = await q('api/search-count-auth', [r.active, r.states, r.entity, since.slice(0, 7), since, byState]));
    } else if (r.groups.length === 1 && !rowFilters && (g.prefix !== null || g.terms.length === 1)) {
      const word = g.prefix ?? g.terms[0];
      if (!cargo && !rangeFilters) {
        ({ rows } = await q('api/search-count-word', [word, g.prefix === null, r.active, r.states, r.entity, byState]));
      } else {
        // A prefix: every word of its range, each carrier once; one word: exactly that word.
        const [lo, hi, lcp] = g.prefix !== null ? [word, prefixEnd(word), word.length] : [word, `${word}\u0001`, ANY_LCP];
        ({ rows } = await this.db.query(prepared(this.withFilters('api/search-count-postings'), [
          lo, r.active, r.states, r.entity, cargoMask(r), p.fleetMin, p.fleetMax, p.authoritySince, [], hi, lcp, byState,
        ])));
      }
    } else if (r.groups.length === 1 && !rowFilters) {
      ({ rows } = await this.db.query(prepared(this.withFilters('api/search-count-terms'), [
        g.terms, r.active, r.states, r.entity, cargoMask(r), p.fleetMin, p.fleetMax, p.authoritySince, [], byState,
      ])));
    } else {
      ({ rows } = await this.db.query(prepared(this.filtered(r, 'api/search-count'), [...this.filterValues(r), byState])));
    }
    return new Map(rows.map((row) => [row.state, Number(row.n)]));
  }

  // ------------------------------------------------------------------ pages

  private async page(r: Resolved, order: Order, total: number, offset: number): Promise<number[]> {
    const limit = r.p.perPage;
    if (order === 'name_asc' && offset >= this.limits.bucketFrom && bucketed(r)) {
      return this.ids(this.withBucketStart('api/search-page-bucket'), [r.active, r.states?.[0] ?? '*', offset, limit, r.cargoBit ?? -1]);
    }
    if (!this.walks(r, order, total)) return (await this.sortedPage(r, order, offset, limit)).map((x) => x.id);
    if (order !== 'rank') return this.walk(r, order === 'name_desc', [], offset, limit);
    const k = offset + limit;
    // A name starting with the query holds each of its words as typed: none does with a typo.
    const head = r.groups.some((g) => g.typo) ? [] : await this.head(r, k);
    if (head.length >= k) return head.slice(offset, k);
    const fromHead = head.slice(offset);
    const rest = await this.walk(r, false, head, Math.max(0, offset - head.length), limit - fromHead.length);
    return [...fromHead, ...rest];
  }

  /**
   * The first `k` matches of the relevance order's head: names equal to the query or starting
   * with it. Such names hold every query word (the last as a prefix), so the words need no
   * check; the walks read about `k` index entries each, however many names start with the query.
   */
  private head(r: Resolved, k: number): Promise<number[]> {
    return this.ids(this.filtered(r, 'api/search-page-head'), [...this.filterValues(r, 'none'), k, r.query, `${r.query}%`]);
  }

  /**
   * Whether a text search pages through search_postings rather than sorting its matches: in
   * name or relevance order, when the matches are many, or when one common word is filtered down
   * by columns search_postings holds (sorting would read every carrier of the word; with several
   * words the words index intersects them first, and with other filters each walked entry would
   * cost a row lookup).
   */
  private walks(r: Resolved, order: Order, total: number): boolean {
    if (r.groups.length === 0 || !(order === 'rank' || order === 'name_asc' || order === 'name_desc')) return false;
    if (total > this.limits.smallTotal) return true;
    return r.groups.length === 1 && !hasRowFilters(r.p) && r.groups[0].size > this.limits.smallTotal;
  }

  /**
   * Whether the matches are few enough to sort and count in one read: a city, phone, e-mail or
   * MC filter, or several words of which one is rare, or whose rarest holds up to
   * ESTIMATED_MAX_GROUP carriers and which, taken as independent, would share few (IRON 15k and
   * EXPRESS 144k of 2.1M: ~1k expected, 1.2k found; 12.0 -> 6.6 ms). Words that go together
   * more than that cost a longer sort, bounded by the rarest group.
   */
  private fewMatches(r: Resolved): boolean {
    if (hasSelectiveFilter(r.p)) return true;
    if (r.groups.length < 2) return false;
    const rarest = r.groups[smallestGroup(r.groups)].size;
    if (rarest <= this.limits.driverMax) return true;
    if (r.carriers <= 0) return false; // never analyzed: reltuples is -1, no estimate
    const expected = r.groups.reduce((e, g) => e * Math.min(1, g.size / r.carriers), r.carriers);
    return rarest <= ESTIMATED_MAX_GROUP && expected <= this.limits.driverMax;
  }

  /**
   * One query: the matches sorted (the planner walks an index when that is cheaper). `counted`:
   * each row also carries the number of matches (n), which makes the query read them all.
   */
  private async sortedPage(r: Resolved, order: Order, offset: number, limit: number, counted = false): Promise<{ id: number; n: number }[]> {
    const [name, values] =
      order === 'rank'
        ? [this.filtered(r, 'api/search-page-rank', '', counted), [...this.filterValues(r), offset, limit, r.query, `${r.query}%`]]
        : [this.filtered(r, 'api/search-page', PAGE_ORDER[order as keyof typeof PAGE_ORDER], counted), [...this.filterValues(r), offset, limit]];
    return (await this.db.query<{ id: number; n: number }>(prepared(name, values))).rows;
  }

  /**
   * Name order from search_postings: the lists of the smallest word group, each cut at
   * offset + limit (the page can only hold entries from those heads), merged.
   */
  private walk(r: Resolved, desc: boolean, skip: number[], offset: number, limit: number): Promise<number[]> {
    if (limit <= 0) return Promise.resolve([]);
    const p = r.p;
    const driver = smallestGroup(r.groups);
    const terms = r.groups[driver].terms;
    const actives = r.active === null ? [true, false] : [r.active];
    const inner = desc ? 'p.name DESC, p.id' : 'p.name, p.id';
    const outer = desc ? 'x.name DESC, x.id' : 'x.name, x.id';
    const postingFilters = [r.states, r.entity, cargoMask(r), p.fleetMin, p.fleetMax, p.authoritySince];
    const lists = terms.flatMap((t) => actives.map((a) => [t, a] as const));
    const one = r.groups.length === 1 && !hasRowFilters(p);
    const prefix = r.groups[0].prefix;
    // The entries that count each carrier once: a prefix's below its length, all of one list.
    const lcp = prefix !== null ? prefix.length : lists.length === 1 ? ANY_LCP : null;
    const outerU = desc ? 'u.name DESC, u.id' : 'u.name, u.id';
    if (one && lcp !== null && lists.length <= MAX_MERGED_LISTS && !desc && offset >= this.limits.bucketFrom && !hasPostingFilters(r)) {
      return this.ids(this.merged('api/search-walk-bucket', 'api/search-walk-bucket-branch', lists.length, inner, outerU), [
        lists.map((l) => l[0]), lists.map((l) => l[1]), offset, limit, lcp, skip,
      ]);
    }
    if (one && lists.length === 1) {
      return this.ids(this.withFilters('api/search-walk-one', inner), [terms[0], actives[0], ...postingFilters, skip, offset, limit]);
    }
    if (one && prefix !== null && lists.length <= MAX_MERGED_LISTS) {
      return this.ids(this.merged('api/search-walk-merge', 'api/search-walk-branch', lists.length, inner, outerU), [
        lists.map((l) => l[0]), lists.map((l) => l[1]), ...postingFilters, skip, offset + limit, offset, prefix.length, limit,
      ]);
    }
    if (r.groups.length === 1 && !hasRowFilters(p)) {
      return this.ids(this.withOrders('api/search-walk', inner, outer), [
        terms, actives, ...postingFilters, skip, offset + limit, offset, limit,
      ]);
    }
    return this.ids(this.withOrders('api/search-walk-join', inner, outer), [
      ...this.filterValues(r, { skip: driver }),
      terms, actives, skip, offset + limit, offset, limit,
    ]);
  }

  /**
   * Distance order: states by rounded distance (ties: every carrier of the tied states by DOT),
   * each state's matches by DOT. The per-state counts say which states the page falls in.
   */
  private async distancePage(
    r: Resolved,
    geoStates: StateDistance[],
    counts: Map<string | null, number>,
    desc: boolean,
    offset: number,
  ): Promise<number[]> {
    const groups: { miles: number; states: string[]; n: number }[] = [];
    for (const s of geoStates) {
      const n = counts.get(s.state) ?? 0;
      if (n === 0) continue;
      const miles = roundMiles(s.miles);
      const last = groups.at(-1);
      if (last?.miles === miles) {
        last.states.push(s.state);
        last.n += n;
      } else groups.push({ miles, states: [s.state], n });
    }
    if (desc) groups.reverse();
    const ids: number[] = [];
    let skip = offset;
    for (const g of groups) {
      if (ids.length >= r.p.perPage) break;
      if (skip >= g.n) {
        skip -= g.n;
        continue;
      }
      const values = this.filterValues({ ...r, states: g.states });
      ids.push(...(await this.ids(this.filtered(r, 'api/search-page', 's.id'), [...values, skip, r.p.perPage - ids.length])));
      skip = 0;
    }
    return ids;
  }

  // ------------------------------------------------------------------ SQL text

  private async ids(text: string, values: unknown[]): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(prepared(text, values));
    return rows.map((row) => row.id);
  }

  /**
   * A statement with the shared filters (and an order from the fixed lists) put in. `indexed`:
   * the word groups whose condition the words index may answer (all, or these); the others are
   * wrapped so that the planner checks them on the rows instead.
   */
  private withFilters(name: string, order = '', indexed: 'all' | number[] = 'all', counted = false): string {
    return this.template(`${name}|${order}|${indexed}|${counted}`, () => {
      let filters = sql('api/search-filters').trim();
      if (indexed !== 'all') {
        filters = filters.replace(/OR (s\.terms && \$(\d+))\)/g, (all, cond: string, n: string) =>
          indexed.includes(Number(n) - FIRST_WORD_SLOT) ? all : `OR (${cond}) IS TRUE)`,
        );
      }
      return sql(name).replaceAll('/*filters*/', filters).replace('/*posting_filters*/', fragment('api/search-posting-filters')).replace('/*order*/', order)
        .replace('/*n*/', counted ? ', count(*) OVER () AS n' : '');
    });
  }

  /** A merged walk (search-walk-merge.sql) with `n` branches (the branch text repeated, each with its list). */
  private merged(name: string, branchName: string, n: number, inner: string, outer: string): string {
    return this.template(`${name}|${n}|${inner}`, () => {
      const branch = fragment(branchName).replace('/*posting_filters*/', fragment('api/search-posting-filters')).replace('/*order*/', inner);
      const branches = Array.from({ length: n }, (_, i) => branch.replaceAll('/*i*/', String(i + 1))).join('\nUNION ALL\n');
      return this.withBucketStart(name).replace('/*branches*/', branches).replace('/*order_x*/', outer);
    });
  }

  /** A statement with search-bucket-start.sql put in at its marker, if it has one. */
  private withBucketStart(name: string): string {
    return this.template(`bucket|${name}`, () => sql(name).replace('/*bucket_start*/', () => fragment('api/search-bucket-start')));
  }

  /** The statement text under `key`, built once (per PostgresSearch). */
  private template(key: string, build: () => string): string {
    let text = this.templates.get(key);
    if (text === undefined) {
      text = build();
      this.templates.set(key, text);
    }
    return text;
  }

  private withOrders(name: string, inner: string, outer: string): string {
    return this.withFilters(name, inner).replace('/*order_x*/', outer);
  }
}
