/**
 * The PostgreSQL search planner (lib/search/query/plan.ts) alone, without a database: resolved
 * searches made by hand, and the count and page strategies chosen for them. test/search.test.ts
 * holds every strategy to the same answers on real tables.
 */
import { describe, expect, it } from 'vitest';
import {
  ANY_LCP,
  DEFAULT_THRESHOLDS,
  MAX_MERGED_LISTS,
  distanceSlices,
  orderOf,
  planCount,
  planPage,
  planWalk,
  wordSlots,
} from '../lib/search/query/plan.ts';
import type { Resolved, WordGroup } from '../lib/search/query/resolved.ts';
import { searchParams } from '../lib/search/index.ts';

const TODAY = new Date('2026-11-20T00:00:00Z');
const limits = DEFAULT_THRESHOLDS;

const word = (term: string, size: number): WordGroup => ({ prefix: null, terms: [term], size, typo: false });
const prefix = (p: string, terms: string[], size: number, activeSize = size): WordGroup => ({ prefix: p, terms, size, activeSize, typo: false });
const typo = (terms: string[], size: number): WordGroup => ({ prefix: null, terms, size, typo: true });

/** A resolved search: the query's params, and what the index would have said about its words. */
function resolved(query: Record<string, string | number>, over: Partial<Resolved> = {}): Resolved {
  const p = searchParams(query as never, TODAY);
  return {
    p,
    active: p.status === 'ALL' ? null : p.status === 'ACTIVE',
    states: p.state ? [p.state] : null,
    geoStates: null,
    entity: p.entityType === null ? null : 1,
    cargoBit: p.cargo === null ? null : 3,
    groups: [],
    carriers: 2_100_000,
    query: p.words?.join(' ') ?? null,
    ...over,
  };
}

describe('order', () => {
  it('the sort given; else distance for geo, relevance for text, name', () => {
    expect(orderOf(resolved({ sort: 'fleet_size' }))).toBe('fleet_desc');
    expect(orderOf(resolved({ lat: 40, lon: -100 }))).toBe('distance_asc');
    expect(orderOf(resolved({ q: 'acme' }, { groups: [prefix('ACME', ['ACME'], 10)] }))).toBe('rank');
    expect(orderOf(resolved({}))).toBe('name_asc');
  });
});

describe('word slots', () => {
  const two = (a: number, b: number) => resolved({ q: 'kaur express' }, { groups: [word('KAUR', a), prefix('EXPRESS', ['EXPRESS'], b)] });

  it('one word: the words index answers it', () => {
    const s = wordSlots(resolved({ q: 'acme' }, { groups: [prefix('ACME', ['ACME', 'ACMEX'], 10)] }));
    expect(s.terms).toEqual([['ACME', 'ACMEX'], null, null, null, null, null, null, null]);
    expect(s.indexed & 1).toBe(1);
  });

  it('several words: the rarest, and the next rarest unless it holds 30 times as many carriers', () => {
    expect(wordSlots(two(3_200, 144_000)).indexed).toBe(0b01);
    expect(wordSlots(two(15_000, 144_000)).indexed).toBe(0b11);
    expect(wordSlots(two(144_000, 3_200)).indexed).toBe(0b10);
  });

  it('beside a city, phone, e-mail or MC filter every word is checked on the rows', () => {
    const r = resolved({ q: 'acme', city: 'Omaha' }, { groups: [prefix('ACME', ['ACME'], 10)] });
    expect(wordSlots(r)).toMatchObject({ indexed: 0, terms: [['ACME'], null, null, null, null, null, null, null] });
  });

  it('the relevance head takes no words; a walk leaves its own group out', () => {
    const r = two(3_200, 144_000);
    expect(wordSlots(r, 'none').terms.every((t) => t === null)).toBe(true);
    expect(wordSlots(r, { without: 0 }).terms.slice(0, 2)).toEqual([null, ['EXPRESS']]);
  });
});

describe('count strategies', () => {
  it('without text: sums of the precomputed counts, by the filters they hold', () => {
    expect(planCount(resolved({ state: 'TX', cargo: 'general freight' }), 'name_asc', limits)).toEqual({ kind: 'cube' });
    expect(planCount(resolved({ fleet_min: 5 }), 'name_asc', limits)).toEqual({ kind: 'fleet' });
    expect(planCount(resolved({ authority_months_min: 12 }), 'name_asc', limits)).toEqual({ kind: 'auth' });
    // Fleet with authority, or fleet with cargo: no table holds both.
    expect(planCount(resolved({ fleet_min: 5, authority_months_min: 12 }), 'name_asc', limits)).toEqual({ kind: 'rows' });
    expect(planCount(resolved({ fleet_min: 5, cargo: 'livestock' }), 'name_asc', limits)).toEqual({ kind: 'rows' });
    expect(planCount(resolved({ officer: 'smith' }), 'name_asc', limits)).toEqual({ kind: 'rows' });
  });

  it('a prefix filtered by status only was counted with the words', () => {
    const g = prefix('TRUCK', ['TRUCK', 'TRUCKING'], 150, 120);
    expect(planCount(resolved({ q: 'truck' }, { groups: [g] }), 'rank', limits)).toEqual({ kind: 'known', n: 120 });
    expect(planCount(resolved({ q: 'truck', status: 'INACTIVE' }, { groups: [g] }), 'rank', limits)).toEqual({ kind: 'known', n: 30 });
    expect(planCount(resolved({ q: 'truck', status: 'ALL' }, { groups: [g] }), 'rank', limits)).toEqual({ kind: 'known', n: 150 });
    // Per state (distance order): the word counts, by state.
    expect(planCount(resolved({ q: 'truck' }, { groups: [g] }), 'distance_asc', limits)).toEqual({ kind: 'word', word: 'TRUCK', exact: false });
  });

  it('one word: its word counts, or its postings beside cargo, fleet or authority', () => {
    // A misspelt word with one candidate: that word, exactly.
    const one = { groups: [typo(['ACME'], 10)] };
    expect(planCount(resolved({ q: 'acem', state: 'TX' }, one), 'rank', limits)).toEqual({ kind: 'word', word: 'ACME', exact: true });
    expect(planCount(resolved({ q: 'acem', cargo: 'livestock' }, one), 'rank', limits)).toEqual({
      kind: 'word-range', lo: 'ACME', hi: 'ACME\u0001', lcp: ANY_LCP,
    });
    expect(planCount(resolved({ q: 'tr', fleet_max: 3 }, { groups: [prefix('TR', ['TRUCK', 'TRANS'], 99)] }), 'rank', limits)).toEqual({
      kind: 'word-range', lo: 'TR', hi: 'TS', lcp: 2,
    });
    expect(planCount(resolved({ q: 'trukcing' }, { groups: [typo(['TRUCKING', 'TRUCKLING'], 90)] }), 'rank', limits)).toEqual({
      kind: 'terms', terms: ['TRUCKING', 'TRUCKLING'],
    });
  });

  it('few matches are counted by the page query, with a count of their own to fall back on', () => {
    expect(planCount(resolved({ city: 'omaha' }), 'name_asc', limits)).toEqual({ kind: 'in-page', otherwise: { kind: 'rows' } });
    // One rare word among several.
    const rare = { groups: [word('KAUR', 3_200), prefix('EXPRESS', ['EXPRESS'], 144_000)] };
    expect(planCount(resolved({ q: 'kaur express' }, rare), 'rank', limits)).toMatchObject({ kind: 'in-page' });
    // Two words of 15k and 144k of 2.1M: ~1k expected in common.
    const likely = { groups: [word('IRON', 15_000), prefix('EXPRESS', ['EXPRESS'], 144_000)] };
    expect(planCount(resolved({ q: 'iron express' }, likely), 'rank', limits)).toMatchObject({ kind: 'in-page' });
    // Two common words: counted row by row.
    const common = { groups: [word('TRUCKING', 150_000), prefix('LLC', ['LLC'], 900_000)] };
    expect(planCount(resolved({ q: 'trucking llc' }, common), 'rank', limits)).toEqual({ kind: 'rows' });
    // An index never analyzed estimates nothing.
    expect(planCount(resolved({ q: 'iron express' }, { ...likely, carriers: -1 }), 'rank', limits)).toEqual({ kind: 'rows' });
    // A distance order counts per state first.
    expect(planCount(resolved({ city: 'omaha', lat: 41, lon: -99 }), 'distance_asc', limits)).toEqual({ kind: 'rows' });
  });
});

describe('page strategies', () => {
  const trucking = prefix('TRUCKING', ['TRUCKING'], 150_000);

  it('distance order pages by state', () => {
    expect(planPage(resolved({ lat: 41, lon: -99, sort: 'distance_desc' }), 'distance_desc', 10, limits)).toEqual({ kind: 'by-distance', desc: true });
  });

  it('without text: one sorted query, however deep the page', () => {
    expect(planPage(resolved({ state: 'CA', cargo: 'general freight' }), 'name_asc', 500_000, limits)).toEqual({ kind: 'sorted', order: 'name' });
    expect(planPage(resolved({ entity_type: 'BROKER', sort: 'dot_desc' }), 'dot_desc', 500_000, limits)).toEqual({ kind: 'sorted', order: 'dot-desc' });
  });

  it('text in name or relevance order walks the lists when the matches are many', () => {
    expect(planPage(resolved({ q: 'trucking' }, { groups: [trucking] }), 'rank', 150_000, limits)).toEqual({ kind: 'walk', desc: false, head: true });
    expect(planPage(resolved({ q: 'trucking', sort: 'name_desc' }, { groups: [trucking] }), 'name_desc', 150_000, limits))
      .toEqual({ kind: 'walk', desc: true, head: false });
    // A typo's head is empty: no name starts with a misspelt word.
    expect(planPage(resolved({ q: 'trukcing' }, { groups: [typo(['TRUCKING'], 150_000)] }), 'rank', 150_000, limits))
      .toEqual({ kind: 'walk', desc: false, head: false });
    // One common word filtered down to few matches by columns the postings hold: still walked.
    expect(planPage(resolved({ q: 'trucking', state: 'RI' }, { groups: [trucking] }), 'rank', 40, limits)).toMatchObject({ kind: 'walk' });
    // Few matches of a rare word, or other orders: one sorted query.
    expect(planPage(resolved({ q: 'acme' }, { groups: [word('ACME', 40)] }), 'rank', 40, limits)).toEqual({ kind: 'sorted', order: 'rank' });
    expect(planPage(resolved({ q: 'trucking', sort: 'fleet_size' }, { groups: [trucking] }), 'fleet_desc', 150_000, limits))
      .toEqual({ kind: 'sorted', order: 'fleet-desc' });
  });
});

describe('walks', () => {
  const lists = (n: number) => Array.from({ length: n }, (_, i) => `TRA${String(i).padStart(2, '0')}`);

  it('several words or row filters: the rarest group walked, each entry checked against the others', () => {
    const r = resolved({ q: 'kaur express' }, { groups: [prefix('EXPRESS', ['EXPRESS'], 144_000), word('KAUR', 3_200)] });
    expect(planWalk(r)).toEqual({ kind: 'join', driver: 1, terms: ['KAUR'], actives: [true] });
    const city = resolved({ q: 'trucking', officer: 'smith', status: 'ALL' }, { groups: [prefix('TRUCKING', ['TRUCKING'], 9)] });
    expect(planWalk(city)).toEqual({ kind: 'join', driver: 0, terms: ['TRUCKING'], actives: [true, false] });
  });

  it('one list; a prefix of a few lists merged; more lists sorted', () => {
    expect(planWalk(resolved({ q: 'trucking' }, { groups: [prefix('TRUCKING', ['TRUCKING'], 9)] })))
      .toEqual({ kind: 'one', term: 'TRUCKING', active: true });
    expect(planWalk(resolved({ q: 'trans', status: 'ALL' }, { groups: [prefix('TRANS', ['TRANS', 'TRANSPORT'], 9)] })))
      .toEqual({
        kind: 'merged',
        lcp: 5,
        lists: [
          { term: 'TRANS', active: true }, { term: 'TRANS', active: false },
          { term: 'TRANSPORT', active: true }, { term: 'TRANSPORT', active: false },
        ],
      });
    expect(planWalk(resolved({ q: 'tra' }, { groups: [prefix('TRA', lists(MAX_MERGED_LISTS + 1), 9)] })))
      .toEqual({ kind: 'lateral', terms: lists(MAX_MERGED_LISTS + 1), actives: [true] });
    // A typo's candidates are whole words, not a prefix: their lists overlap, sorted together.
    expect(planWalk(resolved({ q: 'trukcing' }, { groups: [typo(['TRUCKING', 'TRUCKLING'], 9)] })))
      .toEqual({ kind: 'lateral', terms: ['TRUCKING', 'TRUCKLING'], actives: [true] });
  });

});

describe('distance slices', () => {
  const geo = [
    { state: 'MD', miles: 0 },
    { state: 'DC', miles: 30.04 },
    { state: 'DE', miles: 29.96 }, // rounds to 30.0 as DC does: one ring, by DOT across both
    { state: 'PA', miles: 120 },
  ];
  const counts = new Map<string | null, number>([['MD', 5], ['DC', 2], ['DE', 3], ['PA', 4]]);

  it('rings of one rounded distance, nearest first, the page cut across them', () => {
    expect(distanceSlices(geo, counts, false, 0, 7)).toEqual([
      { states: ['MD'], skip: 0, limit: 7 },
      { states: ['DC', 'DE'], skip: 0, limit: 2 },
    ]);
    expect(distanceSlices(geo, counts, false, 6, 7)).toEqual([
      { states: ['DC', 'DE'], skip: 1, limit: 7 },
      { states: ['PA'], skip: 0, limit: 3 },
    ]);
    expect(distanceSlices(geo, counts, true, 0, 5)).toEqual([
      { states: ['PA'], skip: 0, limit: 5 },
      { states: ['DC', 'DE'], skip: 0, limit: 1 },
    ]);
    expect(distanceSlices(geo, new Map([['PA', 4]]), false, 4, 5)).toEqual([]);
  });
});
