/**
 * The L&I text files (fmcsa-data §2): no header, every field double-quoted, DOT zero-padded to 8,
 * dockets like MC000045, amounts in thousands zero-filled to 5, dates MM/DD/YYYY. Only carriers
 * with an MC docket appear (one carrier.txt row each; a shared docket gives two rows).
 * Rows are template strings: only free-text fields (names) can hold a quote and go through qa().
 */
import { hash32, hint } from './rng.ts';
import { STATES } from './geo.ts';
import { amount5, docket, dot8, qa, type Out } from './csv.ts';
import { mdy } from './dates.ts';
import { nameStyle } from './population.ts';
import { city, dbaName, legalName, street, zip } from './text.ts';
import { INSURERS, SURETIES } from './words.ts';
import { REVOCATION_NOTICE_DAYS } from './mutate.ts';
import {
  AUTH_CHAR, AUTH_I, AUTH_N, HAS_B, HAS_C, HAS_F, KIND_HHG, KIND_HM, KIND_PASSENGER, REV_BROKER, REV_COMMON,
  REV_CONTRACT, brokerOf, carshipBits, commonOf, contractOf, type Pop,
} from './model.ts';

/** Days an authority application shows as pending after the DOT was added. */
const APP_PENDING_DAYS = 90;
/** Revocations that took effect longer ago than this are no longer listed. */
const REVOCATION_LIST_DAYS = 730;

const yn = (b: boolean | number) => (b ? 'Y' : 'N');

/** BIPD required (thousands): $750k general property, $1M hazmat, $5M passenger; none for brokers. */
function requiredBipd(p: Pop, s: number): number {
  if (!(carshipBits(p.carship[s]) & (HAS_C | HAS_F))) return 0;
  const k = p.kind[s];
  return k & KIND_PASSENGER ? 5000 : k & KIND_HM ? 1000 : 750;
}

export function carrierRow(p: Pop, s: number, day: number): string {
  const a = p.auth[s];
  const c = commonOf(a);
  const ct = contractOf(a);
  const b = brokerOf(a);
  const bits = carshipBits(p.carship[s]);
  const recent = p.addDay[s] + APP_PENDING_DAYS > day;
  const hasC = (bits & (HAS_C | HAS_F)) !== 0;
  const hasB = (bits & HAS_B) !== 0;
  const rev = p.revPend[s];
  const style = nameStyle(p, s);
  const st = STATES[p.st[s]].code;
  const addr = `"${street(p.addrId[s])}","","${city(p.addrId[s], p.st[s])}","${st}","US","${zip(p.addrId[s], p.st[s])}","${p.phone[s] ? p.phone[s] : ''}",""`;
  const k = p.kind[s];
  return (
    `"${docket('MC', p.mc[s])}","${dot8(p.dot[s])}","","","${AUTH_CHAR[c]}","${AUTH_CHAR[ct]}","${AUTH_CHAR[b]}",` +
    `"${yn(c === AUTH_N && hasC && recent)}","N","${yn(b === AUTH_N && hasB && recent)}",` +
    `"${yn(rev & REV_COMMON)}","${yn(rev & REV_CONTRACT)}","${yn(rev & REV_BROKER)}",` +
    `"${yn(hasC && !(k & KIND_PASSENGER))}","${yn(k & KIND_PASSENGER)}","${yn(k & KIND_HHG)}","N","N",` +
    `"${amount5(requiredBipd(p, s))}","${yn(k & KIND_HHG)}","${yn(b !== AUTH_N || (hasB && recent))}",` +
    `"${amount5(Math.max(p.bipd[s], p.bipdXs[s]))}","${amount5(p.cargo[s])}","${amount5(p.bond[s])}","N",` +
    `${qa(p.dbaId[s] ? dbaName(p.dbaId[s], style) : '')},${qa(legalName(p.nameId[s], style))},${addr},${addr}`
  );
}

const KIND_NAMES = ['COMMON', 'CONTRACT', 'BROKER'] as const;
const statOf = (auth: number, i: number): number => (i === 0 ? commonOf(auth) : i === 1 ? contractOf(auth) : brokerOf(auth));
const daysOf = (p: Pop, i: number): [Uint16Array, Uint16Array, Uint16Array] =>
  i === 0 ? [p.gC, p.rC, p.eC] : i === 1 ? [p.gK, p.rK, p.eK] : [p.gB, p.rB, p.eB];

/**
 * AuthHist rows: per authority ever granted, a GRANTED row (final action INVOLUNTARY REVOCATION
 * once revoked) and, after a reinstatement, a REINSTATED row.
 */
export function writeAuthHist(out: Out, p: Pop, s: number): void {
  const head = `"${docket('MC', p.mc[s])}","${dot8(p.dot[s])}"`;
  let sub = 0;
  for (let i = 0; i < 3; i++) {
    const [G, R, E] = daysOf(p, i);
    const g = G[s];
    if (!g) continue;
    const stat = statOf(p.auth[s], i);
    const r = R[s];
    const e = E[s];
    const type = KIND_NAMES[i];
    if (r) {
      // Revoked once before the reinstatement.
      const firstEnd = e && e < r ? e : Math.max(g + 1, r - 30);
      out.line(`${head},"${String(++sub).padStart(4, '0')}","${type}","GRANTED","${mdy(g)}","INVOLUNTARY REVOCATION","${mdy(firstEnd - 1)}","${mdy(firstEnd)}"`);
      const again = stat === AUTH_I && e > r;
      out.line(
        `${head},"${String(++sub).padStart(4, '0')}","${type}","REINSTATED","${mdy(r)}",` +
          (again ? `"INVOLUNTARY REVOCATION","${mdy(e - 1)}","${mdy(e)}"` : '"","",""'),
      );
    } else {
      const ended = stat === AUTH_I && e > 0;
      out.line(
        `${head},"${String(++sub).padStart(4, '0')}","${type}","GRANTED","${mdy(g)}",` +
          (ended ? `"INVOLUNTARY REVOCATION","${mdy(e - 1)}","${mdy(e)}"` : '"","",""'),
      );
    }
  }
}

function policyNo(seed: number, salt: number): string {
  const h = hash32(seed, salt);
  return `${String.fromCharCode(65 + (h % 26))}${String.fromCharCode(65 + ((h >>> 5) % 26))}${String(h % 100_000_000).padStart(8, '0')}`;
}

/** ActPendInsur rows: BIPD primary (+ excess layer), cargo, surety bond; all active on the day. */
export function writeInsurance(out: Out, p: Pop, s: number): void {
  const head = `"${docket('MC', p.mc[s])}","${dot8(p.dot[s])}"`;
  const seed = p.polSeed[s];
  const insurer = INSURERS[seed % INSURERS.length];
  if (p.bipd[s]) {
    const eff = mdy(p.bipdEff[s]);
    const posted = mdy(p.bipdEff[s] - hint(20, seed, 11));
    const cancel = p.bipdCan[s] ? mdy(p.bipdCan[s]) : '';
    out.line(`${head},"91X","BIPD/Primary","${insurer}","${policyNo(seed, 1)}","${posted}","00000","${amount5(p.bipd[s])}","${eff}","${cancel}"`);
    if (p.bipdXs[s]) {
      const xs = INSURERS[(seed >>> 7) % INSURERS.length];
      out.line(`${head},"91X","BIPD/Excess","${xs}","${policyNo(seed, 2)}","${posted}","${amount5(p.bipd[s])}","${amount5(p.bipdXs[s])}","${eff}","${cancel}"`);
    }
  }
  if (p.cargo[s]) {
    const eff = p.cargoEff[s];
    const cancel = p.cargoCan[s] ? mdy(p.cargoCan[s]) : '';
    out.line(`${head},"34","CARGO","${insurer}","${policyNo(seed, 3)}","${mdy(eff - hint(20, seed, 13))}","00000","${amount5(p.cargo[s])}","${mdy(eff)}","${cancel}"`);
  }
  if (p.bond[s]) {
    const eff = p.bondEff[s];
    out.line(`${head},"84","SURETY","${SURETIES[seed % SURETIES.length]}","${policyNo(seed, 4)}","${mdy(eff - hint(20, seed, 14))}","00000","${amount5(p.bond[s])}","${mdy(eff)}",""`);
  }
}

const REV_BITS = [REV_COMMON, REV_CONTRACT, REV_BROKER];

/** Revocation rows: pending letters (effective in the future) and revocations of the last 2 years. */
export function writeRevocations(out: Out, p: Pop, s: number, day: number): void {
  const type = hint(5, p.seed[s], 31) === 0 ? 'BOC-3' : 'INSURANCE';
  for (let i = 0; i < 3; i++) {
    if (p.revPend[s] & REV_BITS[i]) {
      out.line(`"${docket('MC', p.mc[s])}","${dot8(p.dot[s])}","${KIND_NAMES[i]}","${mdy(p.revDay[s])}","${type}","${mdy(p.revDay[s] + REVOCATION_NOTICE_DAYS)}"`);
    } else if (statOf(p.auth[s], i) === AUTH_I) {
      const e = daysOf(p, i)[2][s];
      if (e && e + REVOCATION_LIST_DAYS >= day) {
        out.line(`"${docket('MC', p.mc[s])}","${dot8(p.dot[s])}","${KIND_NAMES[i]}","${mdy(e - REVOCATION_NOTICE_DAYS)}","${type}","${mdy(e)}"`);
      }
    }
  }
}
