/**
 * Calendar arithmetic on ISO dates for the risk model. Everything works on UTC calendar days, so a
 * score never depends on the machine's time zone or on the current time.
 */

export interface CalendarDate {
  year: number;
  month: number; // 1..12
  day: number; // 1..31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/**
 * Reads 'YYYY-MM-DD' (an RFC 3339 timestamp is cut to its date) or a Date (its UTC date).
 * Throws on anything else: a silent NaN would turn an age rule off without anyone noticing.
 * @example toCalendarDate('2026-03-15') // { year: 2026, month: 3, day: 15 }
 */
export function toCalendarDate(value: string | Date): CalendarDate {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('invalid Date');
    return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() };
  }
  const m = ISO_DATE.exec(value);
  if (m) {
    const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
    const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
    if (check.getUTCMonth() + 1 === date.month && check.getUTCDate() === date.day) return date;
  }
  throw new RangeError(`not an ISO date: "${value}"`);
}

/** 'YYYY-MM-DD' of a date string or Date. */
export function isoDate(value: string | Date): string {
  const { year, month, day } = toCalendarDate(value);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function epochDay(d: CalendarDate): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / 86_400_000);
}

/** Whole days from `from` to `to` (negative when `from` is later). */
export function daysBetween(from: string | Date, to: string | Date): number {
  return epochDay(toCalendarDate(to)) - epochDay(toCalendarDate(from));
}

/**
 * Full calendar months from `from` to `to` (negative when `from` is later): 2024-03-15 →
 * 2026-03-14 is 23, → 2026-03-15 is 24. The same count as an age in months.
 */
export function fullMonthsBetween(from: string | Date, to: string | Date): number {
  const a = toCalendarDate(from);
  const b = toCalendarDate(to);
  const months = (b.year - a.year) * 12 + (b.month - a.month);
  if (months > 0 && b.day < a.day) return months - 1;
  if (months < 0 && b.day > a.day) return months + 1;
  return months;
}
