/**
 * A carrier's upcoming events on a given day (docs/foresight.md): one rule, read by
 * GET /v1/carriers/{dot_number}/upcoming and by the watchlist's daily check (jobs/upcoming-check.ts),
 * so an alert says exactly what the endpoint says that day.
 *
 * From the served carrier row:
 * - scheduled_events (the snapshot's records dated after the batch date: revocation and
 *   suspension orders, cancellations of policies in force), those dated on or after `today`;
 * - revocation_pending kinds that no order of scheduled_events dates (a legacy *_REV_PEND flag
 *   without a revocation order on file): undated;
 * - the biennial MCS-150 deadline (49 CFR 390.19, lib/foresight/mcs150.ts) of an ACTIVE carrier;
 * - authorities entries with status PENDING: undated (the registry publishes no decision date).
 * Dated events come first, by date; undated after them.
 */
import type { AuthorityEntry, ScheduledEvent } from '../snapshot.ts';
import { datasetIds, type EventSource } from './datasets.ts';
import { mcs150DueDate, mcs150Schedule } from './mcs150.ts';

type UpcomingType = 'insurance_cancellation' | 'revocation' | 'suspension' | 'revocation_pending' | 'mcs150_due' | 'authority_pending';

export interface UpcomingEvent {
  /** Stable for the same event from day to day (the watchlist sends each alert of an event once). */
  id: string;
  type: UpcomingType;
  /** YYYY-MM-DD; null when the registry dates nothing (a pending revocation without an order, pending authority). */
  date: string | null;
  /** Days from `today` to `date` (0: today); null when undated. */
  days_until: number | null;
  source: EventSource;
  dataset: string;
  dataset_ids: string[];
  /** The record the event comes from (docs/foresight.md lists the fields per type). */
  evidence: Record<string, string | number | null>;
}

/** The columns of a served carrier row the rule reads. */
export interface ForesightRow {
  dot_number: string;
  carrier_status: string;
  revocation_pending: string;
  authorities: AuthorityEntry[];
  scheduled_events: ScheduledEvent[];
  mcs150_date: string | null;
}

const MCS150_RULE = '49 CFR 390.19';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function event(today: string, e: Omit<UpcomingEvent, 'days_until' | 'dataset_ids'>): UpcomingEvent {
  return {
    id: e.id,
    type: e.type,
    date: e.date,
    days_until: e.date === null ? null : daysBetween(today, e.date),
    source: e.source,
    dataset: e.dataset,
    dataset_ids: datasetIds(e.source, e.dataset),
    evidence: e.evidence,
  };
}

function scheduledEvent(today: string, s: ScheduledEvent): UpcomingEvent {
  const r = s.record;
  const id =
    s.kind === 'insurance_cancellation'
      ? `${s.kind}:${r.docket}:${r.form_code}:${r.policy_number}:${s.date}`
      : `${s.kind}:${r.docket}:${r.authority_kind}:${s.date}`;
  return event(today, { id, type: s.kind, date: s.date, source: s.source, dataset: s.dataset, evidence: { ...r } });
}

/**
 * @example
 * upcomingEvents(row, '2026-03-05')
 * // → [{ id: 'revocation:MC777:COMMON:2026-03-20', type: 'revocation', date: '2026-03-20', days_until: 15,
 * //      source: 'legacy', dataset: 'Revocation', dataset_ids: ['sa6p-acbp'], evidence: { docket: 'MC777', … } }, …]
 */
export function upcomingEvents(row: ForesightRow, today: string): UpcomingEvent[] {
  const out: UpcomingEvent[] = [];
  for (const s of row.scheduled_events) if (s.date >= today) out.push(scheduledEvent(today, s));

  if (row.carrier_status === 'ACTIVE') {
    const due = mcs150DueDate(row.dot_number, today);
    const { month_name, year_parity } = mcs150Schedule(row.dot_number);
    out.push(
      event(today, {
        id: `mcs150_due:${due}`,
        type: 'mcs150_due',
        date: due,
        source: 'census',
        dataset: 'Census',
        evidence: { rule: MCS150_RULE, due_month: month_name, year_parity, last_filed: row.mcs150_date },
      }),
    );
  }

  // A pending kind an order dates is that order's event (even one past by today: it took effect).
  const dated = new Set(row.scheduled_events.filter((s) => s.kind !== 'insurance_cancellation').map((s) => String(s.record.authority_kind)));
  for (const kind of row.revocation_pending.split(';').filter(Boolean)) {
    if (dated.has(kind)) continue;
    out.push(
      event(today, {
        id: `revocation_pending:${kind}`,
        type: 'revocation_pending',
        date: null,
        source: 'legacy',
        dataset: 'Carrier',
        evidence: { authority_kind: kind, flag: `${kind}_REV_PEND` },
      }),
    );
  }

  for (const a of row.authorities) {
    if (a.status !== 'PENDING') continue;
    out.push(
      event(today, {
        id: `authority_pending:${a.docket}:${a.authority}`,
        type: 'authority_pending',
        date: null,
        source: a.source,
        dataset: 'Carrier',
        evidence: { docket: a.docket, authority: a.authority, status: a.status },
      }),
    );
  }

  // Dated by date, undated last; then by type and id, so the answer's order is stable.
  return out.sort(
    (a, b) =>
      (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) ||
      (a.date ?? '').localeCompare(b.date ?? '') ||
      a.type.localeCompare(b.type) ||
      a.id.localeCompare(b.id),
  );
}
