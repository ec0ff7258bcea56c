/** Query words as index lookups: prefix ranges, literal LIKE patterns and typo candidates. */

/**
 * The smallest string greater than every string that starts with `w` (byte order): the end of
 * a prefix range `term >= w AND term < next`. Words hold only A-Z and 0-9, so bumping the last
 * character never overflows.
 */
export const prefixEnd = (w: string): string => w.slice(0, -1) + String.fromCharCode(w.charCodeAt(w.length - 1) + 1);

/** A LIKE pattern that matches `s` anywhere, with %, _ and \ taken literally. */
export const containsPattern = (s: string): string => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Typos a word of this length tolerates: none below 4 letters, 1 from 4, 2 from 8. */
export const typoBudget = (len: number): number => (len >= 8 ? 2 : len >= 4 ? 1 : 0);

const WORD_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Every word one edit from `w` (a deletion, insertion, substitution or swap of adjacent
 * characters, over the characters words hold): about 70 per letter, so a dictionary lookup of
 * them all is a few hundred btree probes.
 */
export function oneEditAway(w: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const [head, tail] = [w.slice(0, i), w.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of WORD_CHARS) {
      out.add(head + c + tail);
      if (tail && c !== tail[0]) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(w);
  return [...out];
}

/**
 * `w` and every string left by deleting one or two of its characters, as search_deletions()
 * (sql/migrations/013.do.sql) files the dictionary: a word within two edits of `w` is filed
 * under one of these.
 */
export function deletions(w: string): string[] {
  const out = new Set([w]);
  for (let i = 0; i < w.length; i++) {
    const one = w.slice(0, i) + w.slice(i + 1);
    out.add(one);
    for (let j = i; j < one.length; j++) out.add(one.slice(0, j) + one.slice(j + 1));
  }
  return [...out];
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), or `max + 1`
 * as soon as it must exceed `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[b.length], max + 1);
}
