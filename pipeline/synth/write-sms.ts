/**
 * The SMS files (fmcsa-published-2026.md §6), `rows.csv` headers, minimal quoting:
 * - the Pass / PassProperty outputs of the carriers with an inspection in 24 months: PassProperty
 *   (4y6x-dmck AB, h9zy-gjn8 C) lists every such carrier without percentiles, Pass (m3ry-qcip AB,
 *   h3zn-uid9 C) the passenger carriers again with percentiles, alerts, and a reason in words where
 *   there is no percentile. AB holds CARRIER_OPERATION A and B, C holds C;
 * - Inspection rbkj-cgst: one row per hazmat inspection (Total_Hazmat_Sent > 0; the first hO rows
 *   have Hazmat_OOS_Total > 0), dates DD-MON-YY and flags true/false as the Socrata export has them;
 * - Crash 4wxs-vbns: one row per crash, Report_Date DD-MON-YY like the other SMS inputs (§6.3 leaves
 *   the format unverified); the first crF rows are fatal, the next crInj injury crashes, the rest
 *   tow-aways.
 * Row contents come from hashes of (carrier seed, row index), so unchanged carriers write identical
 * rows every day. Dates lie in the 22 months before the start date, inside the 24-month window for
 * runs of up to ~2 months.
 */
import { hash32, hfrac, hint } from './rng.ts';
import { STATES } from './geo.ts';
import { q } from './csv.ts';
import { BASIC_PREFIXES, SMS_CRASH_COLUMNS, SMS_INSPECTION_COLUMNS, SMS_PASS_COLUMNS, SMS_PASS_PROPERTY_COLUMNS } from './published-columns.ts';
import { dmy } from './dates.ts';
import { TRAILER_MAKES, UNIT_MAKES } from './words.ts';
import { KIND_HM, KIND_PASSENGER, type Pop } from './model.ts';
import type { Out } from './csv.ts';

export const SMS_PASS_HEADER = SMS_PASS_COLUMNS.join(',');
export const SMS_PASS_PROPERTY_HEADER = SMS_PASS_PROPERTY_COLUMNS.join(',');
export const SMS_INSPECTION_HEADER = SMS_INSPECTION_COLUMNS.join(',');
export const SMS_CRASH_HEADER = SMS_CRASH_COLUMNS.join(',');

/** Intervention thresholds (percentile) per BASIC: passenger, hazmat, others (fmcsa-data §4). */
const THRESHOLDS = { passenger: [50, 50, 65, 65, 65], hazmat: [60, 60, 75, 75, 75], other: [65, 65, 80, 80, 80] };
/** Share of inspections with a violation in each BASIC, and a typical measure per violation. */
const VIOL_RATE = [0.05, 0.12, 0.05, 0.004, 0.3];
const MEASURE_UNIT = [2.2, 1.6, 1.1, 3.5, 0.9];

/** ".25" style decimals, as the SMS files print measures. */
function measureText(x: number): string {
  if (x <= 0) return '0';
  const t = x.toFixed(2);
  return t.startsWith('0.') ? t.slice(1) : t;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** `len` characters from VIN_CHARS, six per 32-bit hash. */
function code(h: number, len: number): string {
  let v = '';
  let x = h;
  for (let i = 0; i < len; i++) {
    if (i % 6 === 0) x = hash32(h, i);
    v += VIN_CHARS[x % 33];
    x = Math.floor(x / 33);
  }
  return v;
}
const vin = (h: number) => code(h, 17);
const plate = (h: number) => code(hash32(h, 0x91a7e), 7);

/**
 * Why a BASIC has no percentile, in the words SMS prints (real values, §0.9): too few
 * inspections, or too few with violations; '' when it has one.
 */
function percentileReason(basic: number, inspections: number, withViolations: number): string {
  if (basic === 4) {
    if (inspections < 5) return 'Less than 5 vehicle inspections';
    if (withViolations > 0 && withViolations < 3) return 'Less than 5 vehicle inspections with violations';
    return '';
  }
  if (inspections < 3) return 'Less than 3 driver inspections';
  if (inspections < 5) return 'Less than 5 driver inspections';
  return '';
}

/** One carrier's SMS output rows: [PassProperty row, Pass row] (the Pass row for passenger carriers only). */
export function passRows(p: Pop, s: number): [string, string | null] {
  const h = p.seed[s];
  const dI = p.dI[s];
  const vI = p.vI[s];
  const total = Math.max(dI, vI) + Math.floor(Math.min(dI, vI) * 0.05 * hfrac(h, 50));
  const kind = p.kind[s];
  const passenger = (kind & KIND_PASSENGER) !== 0;
  const th = passenger ? THRESHOLDS.passenger : kind & KIND_HM ? THRESHOLDS.hazmat : THRESHOLDS.other;
  const head = `${p.dot[s]},${total},${dI},${p.dO[s]},${vI},${p.vO[s]}`;
  let property = head;
  let pass = head;
  for (let b = 0; b < BASIC_PREFIXES.length; b++) {
    const n = b === 4 ? vI : dI;
    // A carrier-level propensity (stable) times the BASIC's base violation rate.
    const factor = Math.exp(1.2 * (hfrac(h, 60 + b) + hfrac(h, 70 + b) + hfrac(h, 80 + b) - 1.5));
    const withViol = n === 0 ? 0 : Math.min(n, Math.round(n * VIOL_RATE[b] * factor));
    const measure = n === 0 ? 0 : (withViol * MEASURE_UNIT[b] * (0.6 + 0.8 * hfrac(h, 90 + b))) / Math.max(1, n * 0.25);
    const reason = percentileReason(b, n, withViol);
    const pct = reason ? -1 : withViol === 0 ? 0 : Math.min(99, Math.floor(100 * (1 - Math.exp(-measure / (MEASURE_UNIT[b] * 0.8)))));
    const rd = pct >= th[b];
    const ac = hint(1000, h, 100 + b) < 3;
    property += `,${withViol},${measureText(measure)},${ac ? 'Y' : 'N'}`;
    pass += `,${withViol},${measureText(measure)},${reason || `${pct}%`},${rd ? 'Y' : 'N'},${ac ? 'Y' : 'N'},${rd || ac ? 'Y' : 'N'}`;
  }
  return [property, passenger ? pass : null];
}

const tf = (b: boolean) => (b ? 'true' : 'false');

/** The hazmat inspection rows of one carrier. */
export function writeHazmatInspections(out: Out, p: Pop, s: number, startDay: number): void {
  const dot = p.dot[s];
  const home = STATES[p.st[s]].code;
  for (let k = 0; k < p.hI[s]; k++) {
    const h = hash32(p.seed[s], 0x1a5, k);
    const age = 1 + hint(660, h, 1);
    const state = hint(10, h, 2) < 6 ? home : STATES[hint(STATES.length, h, 3)].code;
    const level = [1, 1, 2, 2, 3][hint(5, h, 4)];
    const dOos = hint(100, h, 5) < 7 ? 1 : 0;
    const vOos = level !== 3 && hint(100, h, 6) < 20 ? 1 : 0;
    const hOos = k < p.hO[s] ? 1 : 0;
    const viol = hint(4, h, 7);
    const make = UNIT_MAKES[hint(UNIT_MAKES.length, h, 10)];
    const trailer = TRAILER_MAKES[hint(TRAILER_MAKES.length, h, 11)];
    out.line(
      `${dot * 10_000 + k},${state}${String(hint(100_000_000, h, 8)).padStart(8, '0')},${state},${dot},` +
        `${dmy(startDay - age)},${level},${state},${age < 180 ? 3 : age < 365 ? 2 : 1},${dOos},${vOos},1,` +
        `${dOos + vOos + hOos},${hOos},${tf(hint(10, h, 9) < 8)},TRUCK TRACTOR,${make},${plate(h)},${home},${vin(h)},,` +
        `SEMI-TRAILER,${trailer},${plate(hash32(h, 1))},${home},${vin(hash32(h, 2))},,${tf(viol > 2)},false,` +
        `${tf(viol === 1)},false,${tf(vOos === 1)},true,${viol},${viol > 2 ? 1 : 0},0,${viol === 1 ? 1 : 0},0,${vOos},${hOos}`,
    );
  }
}

const TRAFFICWAY = ['TWO-WAY, NOT DIVIDED', 'TWO-WAY, DIVIDED, UNPROTECTED MEDIAN', 'TWO-WAY, DIVIDED, POSITIVE MEDIAN BARRIER', 'ONE-WAY TRAFFICWAY'];
const ACCESS = ['NO CONTROL', 'FULL CONTROL', 'PARTIAL CONTROL'];
const SURFACE = ['DRY', 'DRY', 'DRY', 'WET', 'SNOW', 'ICE'];
const WEATHER = ['NO ADVERSE CONDITIONS', 'NO ADVERSE CONDITIONS', 'RAIN', 'SNOW', 'FOG'];
const LIGHT = ['DAYLIGHT', 'DAYLIGHT', 'DARK - LIGHTED', 'DARK - NOT LIGHTED', 'DAWN', 'DUSK'];
const TRAFFICWAY_Q = TRAFFICWAY.map(q);

/** The crash rows of one carrier. */
export function writeCrashes(out: Out, p: Pop, s: number, startDay: number): void {
  const dot = p.dot[s];
  const home = STATES[p.st[s]].code;
  const fatal = p.crF[s];
  const injury = p.crInj[s];
  for (let k = 0; k < p.cr[s]; k++) {
    const h = hash32(p.seed[s], 0xc4a5, k);
    const age = 1 + hint(660, h, 1);
    const state = hint(10, h, 2) < 7 ? home : STATES[hint(STATES.length, h, 3)].code;
    const isFatal = k < fatal;
    const isInjury = !isFatal && k < fatal + injury;
    const fatalities = isFatal ? 1 + (hint(10, h, 4) < 2 ? 1 : 0) : 0;
    const injuries = isFatal ? hint(3, h, 5) : isInjury ? 1 + hint(3, h, 6) : 0;
    const tow = isFatal || isInjury ? hint(2, h, 7) === 0 : true;
    const hazmat = hint(100, h, 8) === 0;
    const severity = (isFatal || isInjury ? 2 : 1) + (hazmat ? 1 : 0);
    out.line(
      `${state}${String(hint(100_000_000, h, 9)).padStart(8, '0')},1,${dot},${dmy(startDay - age)},${state},` +
        `${fatalities},${injuries},${tow ? 'Y' : 'N'},${hazmat ? 'Y' : 'N'},${TRAFFICWAY_Q[hint(TRAFFICWAY.length, h, 10)]},` +
        `${ACCESS[hint(ACCESS.length, h, 11)]},${SURFACE[hint(SURFACE.length, h, 12)]},${WEATHER[hint(WEATHER.length, h, 13)]},` +
        `${LIGHT[hint(LIGHT.length, h, 14)]},${vin(h)},${plate(h)},${home},${severity},${age < 180 ? 3 : age < 365 ? 2 : 1},` +
        `${hint(2, h, 15) === 0 ? 'YES' : 'NO'},${k + 1},${hint(20, h, 16) === 0 ? 'Y' : ''}`,
    );
  }
}
