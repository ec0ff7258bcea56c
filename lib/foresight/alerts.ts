/**
 * When the watchlist hears of an upcoming event (docs/foresight.md): 30, 7 and 0 days before its
 * date. The daily check may miss a day (no run, a stopped worker) or first see an event late (a
 * revocation order served 5 days before it takes effect): on any day, the threshold due is the
 * nearest one at or above the days left, so a late event gets the tightest alert it still can
 * (7 at 5 days), and never the 30-day one afterwards.
 */
const ALERT_DAYS = [30, 7, 0] as const;
export type AlertThreshold = (typeof ALERT_DAYS)[number];

/**
 * @example dueThreshold(30) // 30
 * @example dueThreshold(5)  // 7
 * @example dueThreshold(31) // null: too early
 * @example dueThreshold(-1) // null: past
 */
export function dueThreshold(daysUntil: number): AlertThreshold | null {
  if (daysUntil < 0) return null;
  let due: AlertThreshold | null = null;
  for (const t of ALERT_DAYS) if (daysUntil <= t) due = t;
  return due;
}
