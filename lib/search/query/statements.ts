/**
 * The search's statements, each made of whole files of lib/search/sql/query/ and sent as a named
 * statement (parsed once a connection; planned per call, see begin.sql). A statement that reads
 * carrier_search or search_postings through a search's filters is its body after the part
 * defining the rows it reads: matches.sql (`s`, the carriers passing the filters; the body's
 * parameters start at $22) or postings.sql (`p`, the postings passing a walk's filters; from $8).
 * The values of those parts come from matchValues and postingValues. A merged walk is the one
 * statement whose text depends on the search: one list file per (word, status) list, joined by
 * UNION ALL, then its end.
 *
 * @example
 *   db.query(onMatches('page/name', matchValues(r, wordSlots(r)), [offset, limit]));
 */
import type pg from 'pg';
import { prepared } from '../../postgres.ts';
import { containsPattern } from './text.ts';
import type { PageOrder, WordSlots } from './plan.ts';
import type { Resolved } from './resolved.ts';
import { searchSql, searchSqlWith } from '../sql.ts';

type Standalone =
  | 'cargo-bit' | 'words' | 'terms-in' | 'typo-terms' | 'rows'
  | 'count-cube' | 'count-fleet' | 'count-auth' | 'count-word';
type OnMatches = 'count-rows' | 'page-head' | `page/${PageOrder}` | `page/${PageOrder}-counted` | 'walk-join' | 'walk-join-desc';
type OnPostings = 'count-postings' | 'count-terms' | 'walk-one' | 'walk-one-desc' | 'walk-lateral' | 'walk-lateral-desc';

const q = (name: string): string => searchSql(`query/${name}`);
const texts = new Map<string, string>();

/** The text under `key`, put together once. */
function text(key: string, build: () => string): string {
  let t = texts.get(key);
  if (t === undefined) {
    t = build();
    texts.set(key, t);
  }
  return t;
}

export const queryStatement = (name: Standalone, values: unknown[]): pg.QueryConfig => prepared(q(name), values);

export const onMatches = (name: OnMatches, matches: unknown[], values: unknown[]): pg.QueryConfig =>
  prepared(text(name, () => `${q('matches')}\n${q(name)}`), [...matches, ...values]);

export const onPostings = (name: OnPostings, postings: unknown[], values: unknown[]): pg.QueryConfig =>
  prepared(text(name, () => `${q('postings')}\n${q(name)}`), [...postings, ...values]);

/** The parts of a list file without its comment lines: the file is repeated once per list. */
const listOf = (name: string, list: number): string => searchSqlWith(`query/${name}`, { list }).replace(/^--.*\n/gm, '');

/** A merged walk over `lists` lists, after postings.sql: walk-merged-list(-desc).sql per list, walk-merged-end(-desc).sql. */
export function mergedWalk(lists: number, desc: boolean, postings: unknown[], values: unknown[]): pg.QueryConfig {
  const sfx = desc ? '-desc' : '';
  const t = text(`merged${sfx}|${lists}`, () =>
    [q('postings'), Array.from({ length: lists }, (_, i) => listOf(`walk-merged-list${sfx}`, i + 1)).join('UNION ALL\n'), q(`walk-merged-end${sfx}`)].join('\n'),
  );
  return prepared(t, [...postings, ...values]);
}

/** The cargo_bits mask of the cargo filter (bigint as text), or null. */
const cargoMask = (r: Resolved): string | null => (r.cargoBit === null ? null : (1n << BigInt(r.cargoBit)).toString());

/** The exact-match keys a carrier must hold (carrier_search.keys): 'c:' city, 'o:' operation. */
function keysOf(r: Resolved): string[] | null {
  const p = r.p;
  const keys = [...(p.city === null ? [] : [`c:${p.city}`]), ...(p.carrierOperation === null ? [] : [`o:${p.carrierOperation}`])];
  return keys.length ? keys : null;
}

/** The values of matches.sql ($1..$21): the search's filters, its words as `slots` puts them, and `states` for its states. */
export function matchValues(r: Resolved, slots: WordSlots, states = r.states): unknown[] {
  const p = r.p;
  return [
    r.active,
    states,
    r.entity,
    cargoMask(r),
    keysOf(r),
    p.officer === null ? null : containsPattern(p.officer),
    p.phone,
    p.email,
    p.mcNumber,
    p.fleetMin,
    p.fleetMax,
    p.authoritySince,
    ...slots.terms,
    slots.indexed,
  ];
}

/** The values of postings.sql ($1..$7): the filters search_postings holds, and the DOTs to leave out. */
export function postingValues(r: Resolved, skip: number[] = []): unknown[] {
  const p = r.p;
  return [r.states, r.entity, cargoMask(r), p.fleetMin, p.fleetMax, p.authoritySince, skip];
}
