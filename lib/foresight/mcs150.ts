/**
 * The biennial MCS-150 update deadline, 49 CFR 390.19: every 24 months, by the last day of the
 * month the USDOT number's last digit names (1 January … 9 September, 0 October), in odd-numbered
 * calendar years when its next-to-last digit is odd and in even-numbered years when it is even.
 * A one-digit USDOT number has no next-to-last digit; it is read as 0 (even), as the number
 * zero-padded. The deadline depends on the number alone, not on when the carrier last filed.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'];

export interface Mcs150Schedule {
  /** 1–10. */
  month: number;
  month_name: string;
  year_parity: 'odd' | 'even';
}

/** The schedule of USDOT number `dot` (digits). */
export function mcs150Schedule(dot: string): Mcs150Schedule {
  const last = Number(dot[dot.length - 1]);
  const nextToLast = dot.length > 1 ? Number(dot[dot.length - 2]) : 0;
  const month = last === 0 ? 10 : last;
  return { month, month_name: MONTHS[month - 1], year_parity: nextToLast % 2 === 1 ? 'odd' : 'even' };
}

const lastDayOf = (year: number, month: number): string => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/**
 * The first deadline of `dot` on or after day `from` (YYYY-MM-DD).
 *
 * @example mcs150DueDate('1234567', '2026-03-01') // '2026-07-31' (7 → July, 6 → even years)
 * @example mcs150DueDate('1234567', '2026-08-01') // '2028-07-31'
 */
export function mcs150DueDate(dot: string, from: string): string {
  const { month, year_parity } = mcs150Schedule(dot);
  const parity = year_parity === 'odd' ? 1 : 0;
  for (let year = Number(from.slice(0, 4)); ; year++) {
    if (year % 2 !== parity) continue;
    const due = lastDayOf(year, month);
    if (due >= from) return due;
  }
}
