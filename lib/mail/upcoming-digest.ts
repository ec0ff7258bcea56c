/**
 * The watchlist's upcoming digest e-mail of one check: one line per alert, the same alerts as the
 * account's watchlist.upcoming webhook event of that check (jobs/upcoming-check.ts), as plain text
 * and as HTML.
 */
import type { UpcomingEvent } from '../foresight/events.ts';
import type { MailMessage } from './transport.ts';

export interface UpcomingAlert {
  dot_number: string;
  carrier_name: string;
  threshold_days: number;
  event: UpcomingEvent;
}

export interface UpcomingDigestInput {
  to: string;
  /** The check's day, YYYY-MM-DD. */
  day: string;
  alerts: UpcomingAlert[];
  /** Base URL of the API, for the links to each carrier's upcoming events. */
  publicUrl: string;
}

const LABEL: Record<UpcomingEvent['type'], string> = {
  insurance_cancellation: 'insurance cancellation',
  revocation: 'revocation',
  suspension: 'suspension',
  revocation_pending: 'pending revocation',
  mcs150_due: 'MCS-150 update due',
  authority_pending: 'pending authority',
};

/** "in 7 days", "tomorrow", "today". */
const when = (days: number | null) => (days === null ? 'undated' : days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/** What the record says, briefly: the policy, the order, the rule. */
function detail(e: UpcomingEvent): string {
  const v = e.evidence;
  if (e.type === 'insurance_cancellation') return `policy ${v.policy_number} (${v.type_description}, ${v.insurer_name}), docket ${v.docket}`;
  if (e.type === 'revocation' || e.type === 'suspension') return `${String(v.order_type).toLowerCase()}, docket ${v.docket}, ${v.authority}`;
  if (e.type === 'mcs150_due') return `${v.rule}: due by the end of ${v.due_month} in ${v.year_parity} years; last filed ${v.last_filed ?? 'unknown'}`;
  return JSON.stringify(v);
}

/** One alert as a line: what, when, from where. */
function alertLine(a: UpcomingAlert): string {
  const e = a.event;
  const source = `${e.source} ${e.dataset}${e.dataset_ids.length ? ` (${e.dataset_ids.join(' / ')})` : ''}`;
  return `${LABEL[e.type]} on ${e.date} (${when(e.days_until)}): ${detail(e)} [${source}]`;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * @example
 * upcomingDigestMail({ to: 'ops@example.com', day: '2026-03-05', alerts, publicUrl })
 * // → { to, subject: 'Watchlist: 2 upcoming events (2026-03-05)', text, html }
 */
export function upcomingDigestMail(input: UpcomingDigestInput): MailMessage {
  const n = input.alerts.length;
  const subject = `Watchlist: ${n} upcoming event${n === 1 ? '' : 's'} (${input.day})`;
  const api = input.publicUrl.replace(/\/+$/, '');
  const intro = `As of ${input.day}, ${n} event${n === 1 ? ' is' : 's are'} coming for carriers on your watchlist (alerts 30, 7 and 0 days before).`;
  const byCarrier = new Map<string, UpcomingAlert[]>();
  for (const a of input.alerts) byCarrier.set(a.dot_number, [...(byCarrier.get(a.dot_number) ?? []), a]);

  const text = [
    intro,
    '',
    ...[...byCarrier.values()].flatMap((alerts) => [
      `USDOT ${alerts[0].dot_number}  ${alerts[0].carrier_name}`,
      ...alerts.map((a) => `  ${alertLine(a)}`),
      `  All of its upcoming events: GET ${api}/v1/carriers/${alerts[0].dot_number}/upcoming`,
      '',
    ]),
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(intro)}</p>`,
    ...[...byCarrier.values()].map(
      (alerts) =>
        `<p><strong>USDOT ${escapeHtml(alerts[0].dot_number)} · ${escapeHtml(alerts[0].carrier_name)}</strong></p><ul>` +
        alerts.map((a) => `<li>${escapeHtml(alertLine(a))}</li>`).join('') +
        `</ul><p><code>GET ${escapeHtml(`${api}/v1/carriers/${alerts[0].dot_number}/upcoming`)}</code></p>`,
    ),
    '</body></html>',
  ].join('\n');

  return { to: input.to, subject, text, html };
}
