/**
 * How long a score stays what it is. The model reads the score date (as_of) only through ages in
 * months (`ageMonths`) and days since a date (`daysSince`); while a scoring runs inside
 * `withChangeDate`, each of them notes the first later date on which its value would change. The
 * earliest of those is the first date from which the same inputs may score differently: before
 * it, the score at any later date is the score at as_of. The nightly score stage keeps the
 * previous run's score of a carrier whose inputs are unchanged and whose date has not come.
 * Outside `withChangeDate` (the API's what-if scores) nothing is noted.
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
 * Epoch day of the first date after `asOf` on which the full months since `since`, floored at 0
 * (a `since` after asOf counts as 0), change: the day `since` falls on in the month of the next
 * count, or the 1st of the month after when that month is too short (a 31st counts in on the 1st).
 */
export function nextMonthChange(since: string, asOf: string): number {
  const a = toCalendarDate(since);
  const next = Math.max(0, fullMonthsBetween(since, asOf)) + 1;
  const index = a.year * 12 + (a.month - 1) + next; // months since year 0 of the month it is reached in
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return a.day <= daysInMonth ? epochDayOf(year, month, a.day) : epochDayOf(year, month + 1, 1);
}

/** Full months since a date, never negative (a date after as_of counts as 0). */
export function ageMonths(since: string, asOf: string): number {
  if (tracking) noteChangeOn(nextMonthChange(since, asOf));
  return Math.max(0, fullMonthsBetween(since, asOf));
}

/** Whole days from `from` to as_of (negative when `from` is later): a new value every day. */
export function daysSince(from: string, asOf: string): number {
  const days = daysBetween(from, asOf);
  if (tracking) noteChangeOn(daysBetween('1970-01-01', asOf) + 1);
  return days;
}
