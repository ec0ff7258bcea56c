/**
 * How long a score stays what it is. The model reads the score date (as_of) only through ages in
 * months compared with a threshold (`monthsAtLeast`), whether a date has come (`dateReached`) and
 * days since a date (`daysSince`); while a scoring runs inside `withChangeDate`, each of them
 * notes the first later date on which its value would change. The earliest of those is the first
 * date from which the same inputs may score differently: before it, the score at any later date
 * is the score at as_of. The nightly score stage keeps the previous run's score of a carrier whose
 * inputs are unchanged and whose date has not come. Outside `withChangeDate` (the API's what-if
 * scores) nothing is noted.
 *
 * Ages are read against thresholds, not as values: an age in months takes a new value every
 * month, a threshold is crossed once. Noting every monthly change would score again, each night,
 * every carrier whose authority, USDOT or MCS-150 date passed its day of the month, nearly all of
 * them to the same score.
 */
import { daysBetween, epochDayOf, fullMonthsBetween, toCalendarDate } from './dates.ts';

let tracking = false;
let earliest: number | null = null;

function noteChangeOn(epochDay: number): void {
  if (tracking && (earliest === null || epochDay < earliest)) earliest = epochDay;
}

/** Runs one scoring; `changesOn` is the epoch day from which it may differ (null: never). */
export function withChangeDate<T>(score: () => T): { value: T; changesOn: number | null } {
  tracking = true;
  earliest = null;
  try {
    const value = score();
    return { value, changesOn: earliest };
  } finally {
    tracking = false;
    earliest = null;
  }
}

/**
 * Epoch day on which the full months since `since` reach `n` (n >= 1): the day `since` falls on
 * n months later, or the 1st of the month after when that month is too short (a 31st counts in
 * on the 1st).
 */
function monthsReachedOn(since: string, n: number): number {
  const a = toCalendarDate(since);
  const index = a.year * 12 + (a.month - 1) + n; // months since year 0 of the month it is reached in
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return a.day <= daysInMonth ? epochDayOf(year, month, a.day) : epochDayOf(year, month + 1, 1);
}

/**
 * Whether `n` full months or more have passed from `since` to `asOf` (a `since` after asOf counts
 * as 0 months). Ages only grow: the answer turns true once, on monthsReachedOn, noted while ahead.
 */
export function monthsAtLeast(since: string, asOf: string, n: number): boolean {
  const reached = Math.max(0, fullMonthsBetween(since, asOf)) >= n;
  if (tracking && !reached) noteChangeOn(monthsReachedOn(since, n));
  return reached;
}

/** Whether `date` is on or before `asOf`; it turns true on `date` itself, noted while ahead. */
export function dateReached(date: string, asOf: string): boolean {
  const days = daysBetween(date, asOf);
  if (tracking && days < 0) noteChangeOn(daysBetween('1970-01-01', date));
  return days >= 0;
}

/** Whole days from `from` to as_of (negative when `from` is later): a new value every day. */
export function daysSince(from: string, asOf: string): number {
  const days = daysBetween(from, asOf);
  if (tracking) noteChangeOn(daysBetween('1970-01-01', asOf) + 1);
  return days;
}
