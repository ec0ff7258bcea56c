/**
 * The foresight rules on their own (lib/foresight): the MCS-150 schedule of 49 CFR 390.19, which
 * alert threshold is due, how a carrier row becomes its upcoming events, and the dataset ids
 * kept equal to the pipeline adapters'.
 */
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../pipeline/adapters/index.ts';
import { dueThreshold } from '../lib/foresight/alerts.ts';
import { DATASET_IDS } from '../lib/foresight/datasets.ts';
import { upcomingEvents, type ForesightRow } from '../lib/foresight/events.ts';
import { mcs150DueDate, mcs150Schedule } from '../lib/foresight/mcs150.ts';
import type { ScheduledEvent } from '../lib/snapshot.ts';

describe('the MCS-150 deadline (49 CFR 390.19)', () => {
  it('last digit → month (1 January … 9 September, 0 October); next-to-last digit → odd or even years', () => {
    const months = ['October', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'];
    for (let d = 0; d <= 9; d++) expect(mcs150Schedule(`12${d}`).month_name).toBe(months[d]);
    expect(mcs150Schedule('1234567')).toEqual({ month: 7, month_name: 'July', year_parity: 'even' });
    expect(mcs150Schedule('1234577')).toEqual({ month: 7, month_name: 'July', year_parity: 'odd' });
    // One digit: the next-to-last digit of the zero-padded number, 0.
    expect(mcs150Schedule('5')).toEqual({ month: 5, month_name: 'May', year_parity: 'even' });
  });

  it('the first deadline on or after the day: the day itself counts, then two years on', () => {
    expect(mcs150DueDate('1234567', '2026-03-01')).toBe('2026-07-31');
    expect(mcs150DueDate('1234567', '2026-07-31')).toBe('2026-07-31');
    expect(mcs150DueDate('1234567', '2026-08-01')).toBe('2028-07-31');
    expect(mcs150DueDate('1234577', '2026-03-01')).toBe('2027-07-31');
    expect(mcs150DueDate('10', '2026-11-28')).toBe('2027-10-31'); // 0 → October; 1 → odd years
    // February ends on the 29th in a leap year.
    expect(mcs150DueDate('1002', '2026-03-05')).toBe('2028-02-29');
    expect(mcs150DueDate('1012', '2026-03-05')).toBe('2027-02-28');
  });
});

describe('the due alert threshold', () => {
  it('30, 7 and 0 days before; in between, the nearest one at or above the days left', () => {
    expect([31, 30, 29, 8, 7, 6, 1, 0, -1].map(dueThreshold)).toEqual([null, 30, 30, 30, 7, 7, 7, 0, null]);
  });
});

describe('dataset ids', () => {
  it('are the pipeline adapters’ own', () => {
    const byName: Record<string, string> = {
      'legacy:Carrier': 'liCarrier', 'legacy:Revocation': 'liRevocation', 'legacy:ActPendInsur': 'liActPendIns', 'legacy:Insur': 'liInsur',
      'legacy:InsHist': 'liInsHist', 'motus:Carrier': 'motusCarrier', 'motus:RevokeSuspend': 'motusRevokeSuspend', 'motus:Insur': 'motusInsur',
      'motus:InsHist': 'motusInsHist',
    };
    for (const [key, adapter] of Object.entries(byName)) expect(DATASET_IDS[key], key).toEqual(ADAPTERS.find((a) => a.name === adapter)!.datasets);
    expect(DATASET_IDS['census:Census']).toEqual(ADAPTERS.filter((a) => a.role === 'census').flatMap((a) => a.datasets));
  });
});

describe('upcomingEvents', () => {
  const order = (date: string, kind: 'revocation' | 'suspension', authority_kind: string, source: 'legacy' | 'motus' = 'legacy'): ScheduledEvent => ({
    kind,
    date,
    source,
    dataset: source === 'legacy' ? 'Revocation' : 'RevokeSuspend',
    record: { docket: 'MC7', authority: authority_kind, authority_kind, order_type: 'INVOLUNTARY REVOCATION', serve_date: null, effective_date: date },
  });
  const row = (over: Partial<ForesightRow> = {}): ForesightRow => ({
    dot_number: '1234567',
    carrier_status: 'ACTIVE',
    revocation_pending: '',
    authorities: [],
    scheduled_events: [],
    mcs150_date: '2025-01-15',
    ...over,
  });

  it('keeps the records dated today or later, counts the days, and orders dated before undated', () => {
    const events = upcomingEvents(
      row({
        revocation_pending: 'COMMON;BROKER',
        scheduled_events: [order('2026-03-04', 'revocation', 'CONTRACT'), order('2026-03-05', 'suspension', 'COMMON', 'motus')],
        authorities: [{ docket: 'MC7', authority: 'BROKER', status: 'PENDING', source: 'motus' }],
      }),
      '2026-03-05',
    );
    expect(events.map((e) => [e.id, e.date, e.days_until])).toEqual([
      ['suspension:MC7:COMMON:2026-03-05', '2026-03-05', 0],
      ['mcs150_due:2026-07-31', '2026-07-31', 148],
      // BROKER is pending with no order on file; COMMON's is the suspension above.
      ['authority_pending:MC7:BROKER', null, null],
      ['revocation_pending:BROKER', null, null],
    ]);
  });

  it('a pending kind dated by an order already past today is not an undated pending revocation', () => {
    const events = upcomingEvents(row({ revocation_pending: 'CONTRACT', scheduled_events: [order('2026-03-04', 'revocation', 'CONTRACT')] }), '2026-03-05');
    expect(events.map((e) => e.type)).toEqual(['mcs150_due']);
  });

  it('an inactive or pending carrier owes no MCS-150 update; nothing else: no events', () => {
    expect(upcomingEvents(row({ carrier_status: 'INACTIVE' }), '2026-03-05')).toEqual([]);
    expect(upcomingEvents(row({ carrier_status: 'PENDING' }), '2026-03-05')).toEqual([]);
  });
});
