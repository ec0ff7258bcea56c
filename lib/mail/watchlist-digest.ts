/**
 * The watchlist digest e-mail of one ETL run: the same diffs as the account's watchlist.changes
 * webhook event, as plain text and as HTML.
 */
import type { MailMessage } from './transport.ts';

interface DigestDiff {
  category: string;
  old_values: Record<string, unknown>;
  new_values: Record<string, unknown>;
}

export interface DigestCarrier {
  dot_number: string;
  carrier_name: string;
  categories: string[];
  diffs: DigestDiff[];
}

export interface DigestInput {
  to: string;
  etl_run_id: number;
  /** RFC 3339. */
  batch_ts: string;
  changes: DigestCarrier[];
  /** Base URL of the API, for the backfill hint. */
  publicUrl: string;
}

const show = (v: unknown): string => (v === undefined ? '—' : v === null ? 'none' : v === '' ? '(empty)' : String(v));

interface Predecessor {
  dot_number: string;
  legal_name: string;
  shared: string[];
  revoked_on: string;
}

/** A new carrier's predecessors (new_values.successor_of: docs/successor-registrations.md) in words. */
const predecessors = (list: Predecessor[]): string =>
  list.map((p) => `USDOT ${p.dot_number} (${p.legal_name}), sharing ${p.shared.join(' and ')}, revoked or shut down on ${p.revoked_on}`).join('; ');

/** "field: old → new" for every field of a diff (fields only on one side show — on the other). */
function fieldLines(d: DigestDiff): { field: string; from: string; to: string }[] {
  const fields = [...new Set([...Object.keys(d.old_values), ...Object.keys(d.new_values)])];
  return fields.map((field) => ({
    field,
    from: show(d.old_values[field]),
    to: field === 'successor_of' ? predecessors(d.new_values[field] as Predecessor[]) : show(d.new_values[field]),
  }));
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const label = (category: string) => category.replace(/_/g, ' ');

/**
 * @example
 * watchlistDigestMail({ to: 'ops@example.com', etl_run_id: 42, batch_ts: '2026-10-02T00:00:00.000Z', changes, publicUrl })
 * // → { to, subject: 'Watchlist: 2 carriers changed on 2026-10-02', text, html }
 */
export function watchlistDigestMail(input: DigestInput): MailMessage {
  const day = input.batch_ts.slice(0, 10);
  const n = input.changes.length;
  const subject = `Watchlist: ${n} carrier${n === 1 ? '' : 's'} changed on ${day}`;
  const api = `${input.publicUrl.replace(/\/+$/, '')}/v1/watchlist/changes`;
  const intro = `The registry update of ${day} (ETL run ${input.etl_run_id}) changed ${n} carrier${n === 1 ? '' : 's'} on your watchlist.`;

  const text = [
    intro,
    '',
    ...input.changes.flatMap((c) => [
      `USDOT ${c.dot_number}  ${c.carrier_name}`,
      ...c.diffs.flatMap((d) => [`  ${label(d.category)}`, ...fieldLines(d).map((f) => `    ${f.field}: ${f.from} -> ${f.to}`)]),
      '',
    ]),
    `The same changes, and those of the last 30 days, are at GET ${api}.`,
  ].join('\n');

  const rows = input.changes
    .map((c) => {
      const diffs = c.diffs
        .map(
          (d) =>
            `<tr><td style="padding:2px 8px" colspan="3"><em>${escapeHtml(label(d.category))}</em></td></tr>` +
            fieldLines(d)
              .map(
                (f) =>
                  `<tr><td style="padding:2px 8px 2px 24px">${escapeHtml(f.field)}</td>` +
                  `<td style="padding:2px 8px">${escapeHtml(f.from)}</td><td style="padding:2px 8px">${escapeHtml(f.to)}</td></tr>`,
              )
              .join(''),
        )
        .join('');
      return `<tr><th align="left" colspan="3" style="padding:8px 8px 2px">USDOT ${escapeHtml(c.dot_number)} · ${escapeHtml(c.carrier_name)}</th></tr>${diffs}`;
    })
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellspacing="0"><tr><th></th><th align="left" style="padding:2px 8px">before</th><th align="left" style="padding:2px 8px">after</th></tr>',
    rows,
    '</table>',
    `<p>The same changes, and those of the last 30 days, are at <code>GET ${escapeHtml(api)}</code>.</p>`,
    '</body></html>',
  ].join('\n');

  return { to: input.to, subject, text, html };
}
