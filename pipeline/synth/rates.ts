/**
 * OOS rates exactly as the snapshot rounds them: round(oos × 100 / inspections, 2), held here in
 * integer hundredths of a point so the edge cases (a move of exactly 500 vs 501 hundredths) are
 * exact. The generator never produces a count pair whose rate ends in an exact half hundredth, so
 * half-up, half-even and binary-double rounding in the pipeline all give the same value.
 */

/** Rate in hundredths of a point (half-up). `insp` must be > 0. */
export function hund(oos: number, insp: number): number {
  return Math.floor((20_000 * oos + insp) / (2 * insp));
}

/** True when oos × 10000 / insp ends in exactly .5 (a rounding tie). */
function isTie(oos: number, insp: number): boolean {
  if (insp <= 0) return false;
  const num = 20_000 * oos;
  return num % insp === 0 && (num / insp) % 2 === 1;
}

/** The nearest OOS count (moving down first) whose rate is not a rounding tie. */
export function untie(oos: number, insp: number): number {
  let o = oos;
  while (isTie(o, insp)) o = o > 0 ? o - 1 : o + 1;
  return o;
}

/** The snapshot rate: a number with at most 2 decimals, or null without inspections. */
export function rateOf(oos: number, insp: number): number | null {
  return insp > 0 ? hund(oos, insp) / 100 : null;
}

/**
 * Smallest (insp, oos) with insp ≥ minInsp whose rate is exactly `target` hundredths and no tie.
 * Used to place a rate exactly 5.00 or 5.01 points away from the old one.
 */
export function countsForRate(target: number, minInsp: number): { insp: number; oos: number } {
  for (let n = Math.max(1, minInsp); n < minInsp + 20_000; n++) {
    const base = Math.floor((target * n) / 10_000);
    for (let o = Math.max(0, base - 1); o <= Math.min(n, base + 1); o++) {
      if (hund(o, n) === target && !isTie(o, n)) return { insp: n, oos: o };
    }
  }
  throw new Error(`no inspection counts give a rate of ${target / 100}`);
}
