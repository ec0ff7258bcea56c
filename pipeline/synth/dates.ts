/**
 * Dates as day numbers (days since 1970-01-01, UTC) so they fit the generator's Uint16 arrays,
 * with memoised formatters for the layouts of the files (formatting millions of dates per day
 * through Date objects would dominate the run time).
 */
const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' → day number. */
export function dayOf(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) throw new Error(`invalid date: ${iso}`);
  return t / DAY_MS;
}

interface Parts {
  y: string;
  m: string;
  d: string;
  mon: string;
}
const cache: (Parts | undefined)[] = [];

function parts(day: number): Parts {
  let p = cache[day];
  if (!p) {
    const dt = new Date(day * DAY_MS);
    const mi = dt.getUTCMonth();
    p = {
      y: String(dt.getUTCFullYear()),
      m: String(mi + 1).padStart(2, '0'),
      d: String(dt.getUTCDate()).padStart(2, '0'),
      mon: MON[mi],
    };
    cache[day] = p;
  }
  return p;
}

const memo = (f: (p: Parts) => string) => {
  const c: (string | undefined)[] = [];
  return (day: number): string => c[day] ?? (c[day] = f(parts(day)));
};
/** 'YYYY-MM-DD' */
export const iso = memo((p) => `${p.y}-${p.m}-${p.d}`);
/** 'YYYYMMDD' (census, crash file) */
export const ymd = memo((p) => p.y + p.m + p.d);
/** 'MM/DD/YYYY' (L&I files) */
export const mdy = memo((p) => `${p.m}/${p.d}/${p.y}`);
/** 'DD-MON-YY' (SMS input inspection, as the Socrata export writes it) */
export const dmy = memo((p) => `${p.d}-${p.mon}-${p.y.slice(2)}`);
export const yearOf = (day: number): number => Number(parts(day).y);
