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

/** A parsed date with what the arithmetic below needs; shared from the cache, so frozen. */
interface ParsedDate extends CalendarDate {
  readonly iso: string;
  /** Days since 1970-01-01. */
  readonly epochDay: number;
}

function parsed(year: number, month: number, day: number): ParsedDate {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return Object.freeze({ year, month, day, iso, epochDay: epochDayOf(year, month, day) });
}

/**
 * Parsed date strings. Scoring a carrier reads the same few strings (as_of above all) several
 * times, and the nightly run scores millions of carriers over a few tens of thousands of distinct
 * dates; the bound only guards against a caller feeding endless distinct timestamps.
 */
const CACHE_MAX = 100_000;
const cache = new Map<string, ParsedDate>();

function parseString(value: string): ParsedDate {
  const hit = cache.get(value);
  if (hit !== undefined) return hit;
  const m = ISO_DATE.exec(value);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    const day = Number(m[3]);
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() + 1 === month && check.getUTCDate() === day) {
      const date = parsed(year, month, day);
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(value, date);
      return date;
    }
  }
  throw new RangeError(`not an ISO date: "${value}"`);
}

function parse(value: string | Date): ParsedDate {
  if (typeof value === 'string') return parseString(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('invalid Date');
    return parsed(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  // A driver's date object whose text is ISO (read through its string form, as before).
  return parseString(String(value));
}

/**
 * Reads 'YYYY-MM-DD' (an RFC 3339 timestamp is cut to its date) or a Date (its UTC date).
 * Throws on anything else: a silent NaN would turn an age rule off without anyone noticing.
 * @example toCalendarDate('2026-03-15') // { year: 2026, month: 3, day: 15 }
 */
export function toCalendarDate(value: string | Date): CalendarDate {
  const { year, month, day } = parse(value);
  return { year, month, day };
}

/** 'YYYY-MM-DD' of a date string or Date. */
export function isoDate(value: string | Date): string {
  return parse(value).iso;
}

/** Days since 1970-01-01 of a calendar date (month 13 is January of the next year, as in Date.UTC). */
export const epochDayOf = (year: number, month: number, day: number) => Math.round(Date.UTC(year, month - 1, day) / 86_400_000);

/** 'YYYY-MM-DD' of an epoch day. */
export const isoOfEpochDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `from` is later). */
export function daysBetween(from: string | Date, to: string | Date): number {
  return parse(to).epochDay - parse(from).epochDay;
}

/**
 * Full calendar months from `from` to `to` (negative when `from` is later): 2024-03-15 →
 * 2026-03-14 is 23, → 2026-03-15 is 24. The same count as an age in months.
 */
export function fullMonthsBetween(from: string | Date, to: string | Date): number {
  const a = parse(from);
  const b = parse(to);
  const months = (b.year - a.year) * 12 + (b.month - a.month);
  if (months > 0 && b.day < a.day) return months - 1;
  if (months < 0 && b.day > a.day) return months + 1;
  return months;
}
