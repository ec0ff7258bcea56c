/**
 * Resolves a search against the index (the result: lib/search/query/resolved.ts): its filters in
 * the form the statements bind them, its query words as the dictionary words each may match
 * (typos corrected). Null when nothing can match.
 */
import type { Queryable } from '../../postgres.ts';
import type { SearchParams } from '../contract.ts';
import { entityCode } from '../entity-codes.ts';
import { statesWithin } from './geo.ts';
import { queryStatement } from './statements.ts';
import { deletions, oneEditAway, prefixEnd, typoBudget, typoDistance } from './text.ts';
import type { Resolved, WordGroup } from './resolved.ts';

/** Query words taking part in matching: the statements have this many word slots. */
const MAX_WORDS = 8;

export async function resolve(db: Queryable, p: SearchParams): Promise<Resolved | null> {
  const geoStates = p.geo ? statesWithin(p.geo.lat, p.geo.lon, p.geo.radius) : null;
  let states: string[] | null = p.state ? [p.state] : null;
  if (geoStates) {
    const within = geoStates.map((s) => s.state);
    states = states ? states.filter((s) => within.includes(s)) : within;
  }
  if (states?.length === 0) return null;
  if (p.phone === '') return null; // a phone filter without digits matches no phone
  let cargoBit: number | null = null;
  if (p.cargo !== null) {
    const { rows } = await db.query<{ bit: number }>(queryStatement('cargo-bit', [p.cargo]));
    if (!rows[0]) return null;
    cargoBit = rows[0].bit;
  }
  let groups: WordGroup[] = [];
  let carriers = 0;
  if (p.words !== null) {
    // A query without letters or digits has no word to match.
    if (p.words.length === 0) return null;
    const words = p.words.length > MAX_WORDS ? [...p.words.slice(0, MAX_WORDS - 1), p.words.at(-1)!] : p.words;
    const found = await wordGroups(db, words);
    if (!found) return null;
    ({ groups, carriers } = found);
  }
  return {
    p,
    active: p.status === 'ALL' ? null : p.status === 'ACTIVE',
    states,
    geoStates,
    entity: p.entityType === null ? null : entityCode(p.entityType),
    cargoBit,
    groups,
    carriers,
    query: p.words?.join(' ') ?? null,
  };
}

/** Each word against the dictionary: the last as a prefix, the others whole, else as a typo. */
async function wordGroups(db: Queryable, words: string[]): Promise<{ groups: WordGroup[]; carriers: number } | null> {
  const nexts = words.map((w, i) => (i === words.length - 1 ? prefixEnd(w) : null));
  const { rows } = await db.query<{
    word: string;
    exact_n: number | null;
    prefix_n: number | null;
    prefix_active_n: number | null;
    terms: string[] | null;
    carriers: number;
  }>(queryStatement('words', [words, nexts]));
  const groups: WordGroup[] = [];
  for (const [i, word] of words.entries()) {
    const s = rows[i];
    const last = i === words.length - 1;
    if (last && s.prefix_n) {
      groups.push({ prefix: word, terms: s.terms!, size: s.prefix_n, activeSize: s.prefix_active_n!, typo: false });
    } else if (!last && s.exact_n) {
      groups.push({ prefix: null, terms: [word], size: s.exact_n, typo: false });
    } else {
      const typos = await typoTerms(db, word);
      if (typos.length === 0) return null;
      groups.push({ prefix: null, terms: typos.map((t) => t.term), size: typos.reduce((a, t) => a + t.n, 0), typo: true });
    }
  }
  return { groups, carriers: Number(rows[0]?.carriers ?? 0) };
}

/**
 * Dictionary words within the typo budget of a word no name holds. One edit: every word one
 * edit away, looked up (a few hundred btree probes). Two: the words filed under one of the
 * word's deletions (search_term_deletes), checked.
 */
async function typoTerms(db: Queryable, word: string): Promise<{ term: string; n: number }[]> {
  const budget = typoBudget(word.length);
  if (budget === 0) return [];
  if (budget === 1) {
    return (await db.query<{ term: string; n: number }>(queryStatement('terms-in', [oneEditAway(word)]))).rows;
  }
  const { rows } = await db.query<{ term: string; n: number }>(queryStatement('typo-terms', [deletions(word)]));
  return rows.filter((r) => typoDistance(word, r.term, budget) <= budget);
}
