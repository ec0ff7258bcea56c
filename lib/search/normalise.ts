/**
 * The one normaliser of names and query text, and of the filters compared as text. The query side
 * calls these functions; the build derives the index in DuckDB with the macros of
 * lib/search/sql/derive/macros.sql, whose patterns are filled in from the constants below
 * (NORMALISER_SQL), so both apply the same rule. test/pipeline-synth.test.ts holds every name of
 * the synthetic sample to it: the index's normalised names and words equal normalizeText's.
 *
 * The rule: ASCII upper case (other letters stay as they are, as PostgreSQL's upper() does in the
 * C locale), apostrophes dropped, every other run of characters that are not A-Z or 0-9 one
 * space, no space at either end. Words are what lies between the spaces.
 */

/** Characters removed outright (O'BRIEN → OBRIEN). */
const DROPPED = "'";
/** Runs of these become one space: the word separators. */
const SEPARATORS = '[^A-Z0-9]+';

/** Case folding as PostgreSQL's upper()/lower() do in the C locale: ASCII letters only. */
export const asciiUpper = (s: string): string => s.replace(/[a-z]/g, (c) => c.toUpperCase());
export const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const separators = new RegExp(SEPARATORS, 'g');

/** `O'Brien & Sons` → `OBRIEN SONS`. */
export function normalizeText(s: string): string {
  return asciiUpper(s).replaceAll(DROPPED, '').replace(separators, ' ').trim();
}

export const wordsOf = (s: string): string[] => normalizeText(s).split(' ').filter(Boolean);

/** Phone numbers compare as digits; a leading US country code 1 of an 11-digit number drops. */
export function phoneDigits(s: string): string {
  const d = s.replace(/\D/g, '');
  return d.length === 11 && d[0] === '1' ? d.slice(1) : d;
}

const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The normaliser's patterns as SQL string literals, for the build's macros. */
export const NORMALISER_SQL = { dropped: sqlString(DROPPED), separators: sqlString(SEPARATORS) };
