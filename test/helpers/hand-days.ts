/**
 * Hand-made day folders: a fixture day (test/fixtures/dumps) copied under another date, with
 * records added or replaced in the published layouts (census by header name, legacy L&I text
 * lines by the adapters' field lists, Motus files by their headers), for tests that need a few
 * exact registry records. Nothing here depends on the synthetic generator.
 */
import fs from 'node:fs';
import path from 'node:path';
import { liCarrier, liRevocation } from '../../pipeline/adapters/legacy.ts';
import { motusCarrier, motusInsHist, motusInsur, motusRevokeSuspend } from '../../pipeline/adapters/motus.ts';
import { FIXTURES } from '../pipeline-harness.ts';

/** Copies fixture day `fixture` (e.g. 'two-days/2026-03-01') to `<root>/<date>`; returns the folder. */
export function copyDay(fixture: string, root: string, date: string): string {
  const dir = path.join(root, date);
  fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

export function appendLines(dir: string, file: string, lines: string[]): void {
  const p = path.join(dir, file);
  const text = fs.readFileSync(p, 'utf8');
  fs.writeFileSync(p, (text.endsWith('\n') || text === '' ? text : `${text}\n`) + lines.map((l) => `${l}\n`).join(''));
}

/** Replaces the lines of `file` for which `match` holds with `next(line)`; throws when none does. */
export function replaceLines(dir: string, file: string, match: (line: string) => boolean, next: (line: string) => string): void {
  const p = path.join(dir, file);
  const lines = fs.readFileSync(p, 'utf8').split('\n');
  if (!lines.some(match)) throw new Error(`${file}: no line to replace`);
  fs.writeFileSync(p, lines.map((l) => (l !== '' && match(l) ? next(l) : l)).join('\n'));
}

/** A census line for `dir`'s census.csv, fields by header name (others empty). */
export function censusLine(dir: string, fields: Record<string, string>): string {
  const header = fs.readFileSync(path.join(dir, 'census.csv'), 'utf8').split('\n')[0].split(',');
  for (const k of Object.keys(fields)) if (!header.includes(k)) throw new Error(`census.csv has no column ${k}`);
  return header.map((h) => csvCell(fields[h] ?? '')).join(',');
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const quoted = (fields: string[]) => fields.map((f) => `"${f}"`).join(',');

/** A legacy L&I text line (every field quoted) of an adapter's layout, fields by canonical name. */
function liLine(columns: readonly string[], fields: Record<string, string>): string {
  for (const k of Object.keys(fields)) if (!columns.includes(k)) throw new Error(`no column ${k}`);
  return quoted(columns.map((c) => fields[c] ?? ''));
}

/** A legacy Carrier (6eyk-hxee) text line: status flags default to N, amounts to 00000. */
export function liCarrierLine(fields: Record<string, string>): string {
  const defaults: Record<string, string> = {};
  for (const c of liCarrier.columns) {
    if (/_(stat|app_pend|rev_pend|chk)$/.test(c) || c === 'cargo_req' || c === 'bond_req' || c === 'undeliverable_mail') defaults[c] = 'N';
    if (['min_cov_amount', 'bipd_file', 'cargo_file', 'bond_file'].includes(c)) defaults[c] = '00000';
  }
  return liLine(liCarrier.columns, { ...defaults, ...fields });
}

/** A legacy Carrier text line with some fields replaced (by canonical name). */
export function withLiCarrierFields(line: string, fields: Record<string, string>): string {
  const values = line.slice(1, -1).split('","');
  if (values.length !== liCarrier.columns.length) throw new Error(`not a legacy Carrier line: ${line}`);
  return liLine(liCarrier.columns, { ...Object.fromEntries(liCarrier.columns.map((c, i) => [c, values[i]])), ...fields });
}

/** A legacy Revocation (sa6p-acbp) text line. */
export const liRevocationLine = (fields: Record<string, string>): string => liLine(liRevocation.columns, fields);

const MOTUS = { carrier: motusCarrier, insur: motusInsur, inshist: motusInsHist, revoke: motusRevokeSuspend } as const;

/** A Motus All-With-History file (`rows.csv` spelling, named by its dataset id), rows by canonical column name. */
export function motusFullSet(dir: string, set: keyof typeof MOTUS, rows: Record<string, string>[]): void {
  const adapter = MOTUS[set];
  const names = adapter.columns.map((c) => (c === 'dot_number' ? 'usdot_number' : c));
  const lines = rows.map((r) => {
    for (const k of Object.keys(r)) if (!names.includes(k)) throw new Error(`${set} has no column ${k}`);
    return names.map((n) => csvCell(r[n] ?? '')).join(',');
  });
  fs.writeFileSync(path.join(dir, `${adapter.datasets[0]}.csv`), [names.map((n) => n.toUpperCase()).join(','), ...lines].join('\n') + '\n');
}
