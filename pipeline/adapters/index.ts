/**
 * The adapter registry and layout detection. A file is recognised by its content (header names,
 * or the field count of a header-less L&I file), not by its name; the name only breaks ties and
 * lets a broken known file be reported precisely instead of being skipped.
 */
import path from 'node:path';
import { splitCsvLine } from '../csv-lines.ts';
import { InputError } from '../errors.ts';
import { census147 } from './census147.ts';
import { censusSms42 } from './censusSms42.ts';
import { liActPendIns } from './liActPendIns.ts';
import { liAuthHist } from './liAuthHist.ts';
import { liCarrier } from './liCarrier.ts';
import { liRevocation } from './liRevocation.ts';
import { smsCrash } from './smsCrash.ts';
import { smsInspection } from './smsInspection.ts';
import { smsPass } from './smsPass.ts';
import { smsPassProperty } from './smsPassProperty.ts';
import { ROLE_FILES, type Adapter, type Role } from './types.ts';

export { ROLE_FILES, type Adapter, type Role } from './types.ts';

export const ADAPTERS: readonly Adapter[] = [
  census147,
  censusSms42,
  liCarrier,
  liAuthHist,
  liActPendIns,
  liRevocation,
  smsPass,
  smsPassProperty,
  smsInspection,
  smsCrash,
];

const norm = (s: string) => s.trim().toUpperCase();

function headerMatches(a: Adapter, fields: string[]): boolean {
  return fields.length === a.columns.length && a.columns.every((c, i) => norm(c) === norm(fields[i]));
}

/** A header-less line is data: it must not look like any adapter's header. */
function looksLikeHeader(fields: string[]): boolean {
  return ADAPTERS.some((a) => a.header && fields.length > 0 && norm(fields[0]) === norm(a.columns[0]));
}

function matches(a: Adapter, fields: string[]): boolean {
  return a.header ? headerMatches(a, fields) : fields.length === a.columns.length && !looksLikeHeader(fields);
}

/**
 * The adapter for a file given its first line, or null when the file is not a known layout.
 * A file carrying one of the dump's known names that matches no layout is an error (it is a
 * required input in a broken or unknown shape), reported with line 1.
 */
export function detectAdapter(file: string, firstLine: string): Adapter | null {
  const base = path.basename(file);
  const fields = splitCsvLine(firstLine);
  const found = ADAPTERS.filter((a) => matches(a, fields));
  if (found.length === 1) return found[0];
  const role = (Object.keys(ROLE_FILES) as Role[]).find((r) => ROLE_FILES[r] === base);
  if (found.length > 1) return found.find((a) => a.role === role) ?? found[0];
  if (!role) return null;
  const candidates = ADAPTERS.filter((a) => a.role === role);
  // Same width as a known header but other names: say which column differs.
  for (const a of candidates.filter((c) => c.header && c.columns.length === fields.length)) {
    const i = a.columns.findIndex((c, k) => norm(c) !== norm(fields[k]));
    throw new InputError(base, 1, `column ${i + 1} is "${fields[i]}", expected "${a.columns[i]}" (${a.label})`);
  }
  const widths = candidates.map((a) => `${a.columns.length} (${a.label})`).join(' or ');
  const what = candidates.every((a) => a.header) ? 'a header of' : '';
  throw new InputError(base, 1, `expected ${what ? `${what} ` : ''}${widths} columns, found ${fields.length}`);
}

export function adapterByName(name: string): Adapter {
  const a = ADAPTERS.find((x) => x.name === name);
  if (!a) throw new Error(`unknown adapter ${name}`);
  return a;
}
