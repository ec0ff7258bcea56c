/**
 * A carrier's insurance filings as records, from its state: the BI&PD primary policy and its
 * excess layer, a cargo policy, a broker's surety bond. The legacy and Motus writers print them
 * in their own units; the Motus daily difference compares them by number.
 *
 * A policy number is a function of the carrier's policy seed, the policy's effective day and its
 * kind, so a policy filed again (a new effective day) has a new number: InsHist rows, which the
 * pipeline joins to active policies by docket, number and form, then never touch a later policy.
 */
import { hash32, hint } from './rng.ts';
import { INSURERS, SURETIES } from './words.ts';
import { HAS_C, HAS_F, KIND_HM, KIND_PASSENGER, carshipBits, type Pop } from './model.ts';

export const POL_BIPD = 0;
export const POL_EXCESS = 1;
export const POL_CARGO = 2;
export const POL_BOND = 3;

export interface Policy {
  kind: number;
  /** Limit in thousands of dollars. */
  amount: number;
  /** Underlying limit in thousands: the primary's, for an excess layer; else 0. */
  underlying: number;
  effective: number;
  /** The day FMCSA received the filing. */
  received: number;
  /** A pending cancellation's day; 0 = none. */
  cancel: number;
  number: string;
  insurer: string;
}

function policyNumber(seed: number, effective: number, kind: number): string {
  const h = hash32(seed, kind + 1, effective);
  return `${String.fromCharCode(65 + (h % 26))}${String.fromCharCode(65 + ((h >>> 5) % 26))}${String(h % 100_000_000).padStart(8, '0')}`;
}

function policy(seed: number, kind: number, amount: number, underlying: number, effective: number, cancel: number): Policy {
  const names = kind === POL_BOND ? SURETIES : INSURERS;
  return {
    kind,
    amount,
    underlying,
    effective,
    received: effective - hint(20, seed, 11 + kind),
    cancel,
    number: policyNumber(seed, effective, kind),
    insurer: names[hash32(seed, 0x1e5, kind === POL_EXCESS ? 1 : 0) % names.length],
  };
}

/** The carrier's policies now (filed by its docket; none without one). */
export function policiesOf(p: Pop, s: number): Policy[] {
  const out: Policy[] = [];
  if (p.mc[s] === 0) return out;
  const seed = p.polSeed[s];
  if (p.bipd[s]) {
    out.push(policy(seed, POL_BIPD, p.bipd[s], 0, p.bipdEff[s], p.bipdCan[s]));
    if (p.bipdXs[s]) out.push(policy(seed, POL_EXCESS, p.bipdXs[s], p.bipd[s], p.bipdEff[s], p.bipdCan[s]));
  }
  if (p.cargo[s]) out.push(policy(seed, POL_CARGO, p.cargo[s], 0, p.cargoEff[s], p.cargoCan[s]));
  if (p.bond[s]) out.push(policy(seed, POL_BOND, p.bond[s], 0, p.bondEff[s], 0));
  return out;
}

/**
 * The carrier's policies as they stood at the cutover. A policy in force since before it is the
 * same filing (its cancellation, filed since, not yet known); one that took effect after it
 * replaced an earlier filing of the same kind and limit (most of the time) or was the first.
 */
export function policiesAt(p: Pop, s: number, cutover: number): Policy[] {
  const out: Policy[] = [];
  for (const x of policiesOf(p, s)) {
    // An excess layer was filed with its primary policy.
    const filing = x.kind === POL_EXCESS ? POL_BIPD : x.kind;
    if (x.effective <= cutover) out.push({ ...x, cancel: 0 });
    else if (hint(10, p.seed[s], 40 + filing) < 7) {
      const seed = hash32(p.polSeed[s], 0xbe40e);
      const effective = cutover - 30 - hint(900, p.seed[s], 50 + filing);
      out.push(policy(seed, x.kind, x.amount, x.underlying, effective, 0));
    }
  }
  return out;
}

/** BI&PD required (thousands): $750k general property, $1M hazmat, $5M passenger; none for brokers. */
export function requiredBipd(p: Pop, s: number): number {
  if (!(carshipBits(p.carship[s]) & (HAS_C | HAS_F))) return 0;
  const k = p.kind[s];
  return k & KIND_PASSENGER ? 5000 : k & KIND_HM ? 1000 : 750;
}
