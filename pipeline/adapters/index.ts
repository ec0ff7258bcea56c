/**
 * The adapter registry and how a file is bound to one. Content decides, not the file name: a
 * header binds by column names (case-insensitive, any order, either Socrata spelling); a
 * header-less legacy L&I text file by its field count and the shape of its first record. A file
 * named after a dataset (`<dataset-id>.csv`, the fetch's convention) is held to that dataset's
 * layout, so a broken known file is reported with what is missing instead of being skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/config.ts';
import { splitCsvLine } from '../csv-lines.ts';
import { InputError } from '../errors.ts';
import { census147, censusSms42 } from './census.ts';
import { liActPendIns, liAuthHist, liCarrier, liInsHist, liInsur, liRevocation } from './legacy.ts';
import { motusAuthHist, motusCarrier, motusInsHist, motusInsur, motusRevokeSuspend } from './motus.ts';
import { smsCrash, smsInspection, smsPass, smsPassProperty } from './sms.ts';
import type { Adapter } from './types.ts';

export type { Adapter, Role } from './types.ts';

export const ADAPTERS: readonly Adapter[] = [
  census147,
  censusSms42,
  liCarrier,
  liActPendIns,
  liInsur,
  liAuthHist,
  liInsHist,
  liRevocation,
  motusCarrier,
  motusInsur,
  motusInsHist,
  motusAuthHist,
  motusRevokeSuspend,
  smsPass,
  smsPassProperty,
  smsInspection,
  smsCrash,
];

/** The adapter of a dataset id, or undefined for an id no layout is published in. */
export const adapterOfDataset = (id: string): Adapter | undefined => ADAPTERS.find((a) => a.datasets.includes(id));

/** How one file's fields map to its adapter's canonical columns. */
export interface Binding {
  adapter: Adapter;
  /** The dataset the file is, when its name says so (`<dataset-id>.csv`). */
  dataset: string | null;
  /** The header line's fields as written, or null for a header-less text file. */
  header: string[] | null;
  /** Canonical column → its 0-based field position in the file. */
  positions: ReadonlyMap<string, number>;
  /** Header fields that no column of the layout has under any spelling (ignored). */
  extra: string[];
}

const requiredCache = new Map<string, string[]>();

/**
 * The columns an adapter cannot do without: those its SQL mapping reads. Found in the SQL text,
 * so the mapping is the one list; a published column nothing reads may be missing from a file.
 */
function requiredColumns(a: Adapter): string[] {
  let req = requiredCache.get(a.name);
  if (!req) {
    const text = fs.readFileSync(path.join(ROOT, 'sql', 'duckdb', 'adapters', `${a.name}.sql`), 'utf8').toLowerCase();
    const code = text.replace(/--[^\n]*/g, '');
    req = a.columns.filter((c) => new RegExp(`\\b${c}\\b`).test(code));
    requiredCache.set(a.name, req);
  }
  return req;
}

const canonical = (a: Adapter, field: string): string | undefined => {
  const f = field.trim().toLowerCase();
  return a.columns.includes(f) ? f : a.aliases?.[f];
};

interface HeaderMatch {
  adapter: Adapter;
  positions: Map<string, number>;
  missing: string[];
  extra: string[];
  duplicate: string | null;
}

function matchHeader(a: Adapter, fields: string[]): HeaderMatch {
  const positions = new Map<string, number>();
  const extra: string[] = [];
  let duplicate: string | null = null;
  fields.forEach((f, i) => {
    const c = canonical(a, f);
    if (c === undefined) extra.push(f);
    else if (positions.has(c)) duplicate ??= f;
    else positions.set(c, i);
  });
  return { adapter: a, positions, missing: requiredColumns(a).filter((c) => !positions.has(c)), extra, duplicate };
}

/** The dataset a file is named after: `<dataset-id>.csv` (any extension). */
export function datasetOfFileName(file: string): string | null {
  const stem = path.basename(file).replace(/\.[^.]*$/, '').toLowerCase();
  return adapterOfDataset(stem) ? stem : null;
}

const looksLikeHtml = (line: string) => /^\s*</.test(line);

/**
 * The binding of a file given its first lines (the header, or the first records of a text file),
 * or null when the file is no published layout (an unrelated file in the day folder). Errors: an HTML page, a header or record of a known dataset's
 * file that misses columns, a header that names a column twice.
 */
export function bindFile(file: string, lines: string[]): Binding | null {
  const firstLine = lines[0] ?? '';
  const base = path.basename(file);
  const dataset = datasetOfFileName(file);
  const expected = dataset ? adapterOfDataset(dataset)! : null;
  if (looksLikeHtml(firstLine)) throw new InputError(base, 1, 'is an HTML page, not a CSV file (an error page saved as data?)');
  const fields = splitCsvLine(firstLine);
  const matches = ADAPTERS.map((a) => matchHeader(a, fields));
  const complete = matches.filter((m) => m.missing.length === 0).sort((x, y) => y.positions.size - x.positions.size);
  const best = complete[0];
  if (best) {
    if (best.duplicate !== null) throw new InputError(base, 1, `column "${best.duplicate}" appears twice in the header (${best.adapter.label})`);
    const tied = complete.filter((m) => m.positions.size === best.positions.size && m.adapter.role !== best.adapter.role);
    if (tied.length) throw new InputError(base, 1, `header fits both ${best.adapter.label} and ${tied[0].adapter.label}`);
    if (expected && expected !== best.adapter) {
      throw new InputError(base, 1, `is named as ${expected.label} but its header is that of ${best.adapter.label}`);
    }
    return { adapter: best.adapter, dataset, header: fields, positions: best.positions, extra: best.extra };
  }
  // A text layout by the first records (one bad record must not hide the file's layout).
  const records = lines.filter((l) => l !== '').map(splitCsvLine);
  const fit = (a: Adapter) => records.filter((r) => r.length === a.columns.length && a.textShape!(r)).length;
  const text = ADAPTERS.filter((a) => a.textShape && fit(a) > 0).sort((x, y) => fit(y) - fit(x));
  if (text.length === 1 || (text.length > 1 && fit(text[0]) > fit(text[1]))) {
    const a = text[0];
    if (expected && expected !== a) throw new InputError(base, 1, `is named as ${expected.label} but its records are those of ${a.label}`);
    return { adapter: a, dataset, header: null, positions: new Map(a.columns.map((c, i) => [c, i])), extra: [] };
  }
  // Not a layout. Name what is missing when the file is a known dataset's, or when its header
  // names most of a layout's columns (a changed export); otherwise it is some other file.
  const near = matches
    .filter((m) => (expected ? m.adapter === expected : m.positions.size >= requiredColumns(m.adapter).length / 2))
    .sort((x, y) => y.positions.size - x.positions.size)[0];
  if (near && (near.positions.size > 0 || !expected?.textShape)) {
    throw new InputError(base, 1, `missing column${near.missing.length > 1 ? 's' : ''} ${near.missing.join(', ')} (${near.adapter.label})`);
  }
  if (expected) {
    throw new InputError(base, 1, `is neither a header nor a record of ${expected.label} (${expected.columns.length} fields, found ${fields.length})`);
  }
  return null;
}
