/**
 * Deliberate edge cases planted every day, each on its own carrier that no other mutation touches
 * that day. Every edge states which category it tests and whether a correct diff must report a
 * change; synthesize() checks each expectation against the computed manifest before writing it.
 */
import { fleetMoved, type ChangeCategory } from '../../lib/domain.ts';
import { countsForRate, hund, untie } from './rates.ts';
import { addCarrier, operatesVehicles } from './population.ts';
import { activeRevBits, getAuthority, setAuthority, withdrawable, type Day } from './mutate.ts';
import { forwarderOnly, isLegacyHeld, isMotusHeld, makeMotus, motusShifts } from './registry.ts';
import {
  AUTH_A, AUTH_I, AUTH_N, AUTH_P, FMT_CENSUS_NO_DOCKET, FMT_CITY_LOWER, FMT_EMAIL_UPPER, FMT_MC_ZEROS, FMT_OFFICER_LOWER,
  FMT_PHONE_MASK, FMT_STATE_LOWER, FMT_STREET_PAD, REV_BROKER, REV_COMMON, STATUS_A, STATUS_I, STATUS_P, brokerOf, commonOf,
  contractOf, type Pop,
} from './model.ts';

export interface EdgeCase {
  dot_number: string;
  kind: string;
  /** The category under test; null when the edited field is in no category (e.g. MC format). */
  category: ChangeCategory | null;
  expected_change: boolean;
}

interface Edge {
  kind: string;
  category: ChangeCategory | null;
  expected: boolean;
  pred: (p: Pop, s: number) => boolean;
  apply: (d: Day, s: number) => void;
}

const opsC = (p: Pop, s: number) => operatesVehicles(p.carship[s]);
/** A carrier whose first Motus filing would change nothing else the snapshot derives. */
const quietMotus = (p: Pop, s: number) => p.mc[s] !== 0 && !motusShifts(p, s);

/** Sets the driver (or vehicle) counts to give a rate exactly `delta` hundredths from the old one. */
function moveRate(I: Int32Array, O: Int32Array, s: number, delta: number): void {
  const old = hund(O[s], I[s]);
  const target = old + delta <= 10_000 ? old + delta : old - delta;
  const { insp, oos } = countsForRate(target, I[s]);
  I[s] = insp;
  O[s] = oos;
}

/** Sets `n` inspections with a rate far (> 5 points) from the old one. */
function bigMove(I: Int32Array, O: Int32Array, s: number, n: number): void {
  const old = hund(O[s], I[s]);
  I[s] = n;
  O[s] = untie(old < 5_000 ? n : 0, n);
}

function fleetEdge(field: 'pu' | 'drv', kind: string, expected: boolean, pred: (v: number) => boolean, next: (v: number) => number): Edge {
  return {
    kind: `${kind}_${field === 'pu' ? 'power_units' : 'drivers'}`,
    category: 'fleet_change',
    expected,
    pred: (p, s) => opsC(p, s) && pred(p[field][s]),
    apply: (d, s) => {
      const arr = d.p[field];
      const v = next(arr[s]);
      if (fleetMoved(arr[s], v) !== expected) throw new Error(`fleet edge ${kind}: ${arr[s]} → ${v} misplaced`);
      arr[s] = v;
    },
  };
}

const EDGES: Edge[] = [
  // OOS rate: > 5 points (compared in hundredths) with ≥ 10 inspections.
  { kind: 'oos_driver_exactly_5_00', category: 'safety_change', expected: false,
    pred: (p, s) => p.dI[s] >= 10, apply: (d, s) => moveRate(d.p.dI, d.p.dO, s, 500) },
  { kind: 'oos_driver_5_01', category: 'safety_change', expected: true,
    pred: (p, s) => p.dI[s] >= 10, apply: (d, s) => moveRate(d.p.dI, d.p.dO, s, 501) },
  { kind: 'oos_vehicle_exactly_5_00', category: 'safety_change', expected: false,
    pred: (p, s) => p.vI[s] >= 10, apply: (d, s) => moveRate(d.p.vI, d.p.vO, s, 500) },
  { kind: 'oos_vehicle_5_01', category: 'safety_change', expected: true,
    pred: (p, s) => p.vI[s] >= 10, apply: (d, s) => moveRate(d.p.vI, d.p.vO, s, 501) },
  { kind: 'oos_large_move_9_inspections', category: 'safety_change', expected: false,
    pred: (p, s) => p.dI[s] >= 1 && p.dI[s] <= 30, apply: (d, s) => bigMove(d.p.dI, d.p.dO, s, 9) },
  { kind: 'oos_large_move_10_inspections', category: 'safety_change', expected: true,
    pred: (p, s) => p.dI[s] >= 1 && p.dI[s] <= 30, apply: (d, s) => bigMove(d.p.dI, d.p.dO, s, 10) },
  { kind: 'oos_rate_appears', category: 'safety_change', expected: false,
    pred: (p, s) => opsC(p, s) && p.pu[s] > 0 && p.dI[s] === 0 && p.vI[s] === 0,
    apply: (d, s) => {
      d.p.dI[s] = 12;
      d.p.dO[s] = 6;
      d.p.vI[s] = 10;
      d.p.vO[s] = 5;
    } },
  { kind: 'inspection_count_only', category: 'safety_change', expected: false,
    pred: (p, s) => p.dI[s] >= 20, apply: (d, s) => {
      d.p.dI[s] += 1;
      d.p.dO[s] = untie(d.p.dO[s], d.p.dI[s]);
    } },
  { kind: 'crash_added', category: 'safety_change', expected: true,
    pred: (p, s) => opsC(p, s) && p.pu[s] > 0, apply: (d, s) => void d.p.cr[s]++ },
  { kind: 'fatal_crash_added', category: 'safety_change', expected: true,
    pred: (p, s) => opsC(p, s) && p.pu[s] > 0, apply: (d, s) => {
      d.p.cr[s]++;
      d.p.crF[s]++;
    } },
  // Fleet: > 20% of the old value or > 10 units.
  ...(['pu', 'drv'] as const).flatMap((f) => [
    fleetEdge(f, 'fleet_exactly_20pct', false, (v) => v >= 5 && v <= 50 && v % 5 === 0, (v) => v + v / 5),
    fleetEdge(f, 'fleet_over_20pct', true, (v) => v >= 5 && v <= 45, (v) => v + Math.floor(v / 5) + 1),
    fleetEdge(f, 'fleet_exactly_10_units', false, (v) => v >= 50, (v) => v + 10),
    fleetEdge(f, 'fleet_11_units', true, (v) => v >= 55, (v) => v + 11),
  ]),
  fleetEdge('pu', 'fleet_plus_one_big_fleet', false, (v) => v >= 20, (v) => v + 1),
  fleetEdge('pu', 'fleet_zero_to_one', true, (v) => v === 0, () => 1),
  // Formatting-only edits that normalise to the same snapshot values.
  { kind: 'format_phone_punctuation', category: 'contact_change', expected: false,
    pred: (p, s) => p.phone[s] !== 0, apply: (d, s) => {
      const f = d.p.fmt[s];
      d.p.fmt[s] = (f & ~FMT_PHONE_MASK) | (((f & FMT_PHONE_MASK) + 1) & FMT_PHONE_MASK);
    } },
  { kind: 'format_phone_country_code', category: 'contact_change', expected: false,
    pred: (p, s) => p.phone[s] !== 0 && (p.fmt[s] & FMT_PHONE_MASK) !== 3,
    apply: (d, s) => void (d.p.fmt[s] = (d.p.fmt[s] & ~FMT_PHONE_MASK) | 3) },
  { kind: 'format_city_lowercase', category: 'contact_change', expected: false,
    pred: () => true, apply: (d, s) => void (d.p.fmt[s] ^= FMT_CITY_LOWER) },
  { kind: 'format_state_lowercase', category: 'contact_change', expected: false,
    pred: () => true, apply: (d, s) => void (d.p.fmt[s] ^= FMT_STATE_LOWER) },
  { kind: 'format_street_whitespace', category: 'contact_change', expected: false,
    pred: () => true, apply: (d, s) => void (d.p.fmt[s] ^= FMT_STREET_PAD) },
  { kind: 'format_email_case', category: 'contact_change', expected: false,
    pred: (p, s) => p.emailId[s] !== 0, apply: (d, s) => void (d.p.fmt[s] ^= FMT_EMAIL_UPPER) },
  { kind: 'format_officer_case', category: 'identity_change', expected: false,
    pred: (p, s) => p.off1[s] !== 0, apply: (d, s) => void (d.p.fmt[s] ^= FMT_OFFICER_LOWER) },
  { kind: 'format_mc_leading_zeros', category: null, expected: false,
    pred: (p, s) => p.mc[s] !== 0 && p.ff[s] === 0 && !(p.fmt[s] & FMT_CENSUS_NO_DOCKET),
    apply: (d, s) => void (d.p.fmt[s] ^= FMT_MC_ZEROS) },
  // Revocation pending (Motus RevokeSuspend orders): only empty → non-empty is a change. The
  // order withdrawn is a deletion row; a switched one a deletion and a new order.
  { kind: 'revocation_pending_set', category: 'revocation_pending', expected: true,
    pred: (p, s) => quietMotus(p, s) && p.revPend[s] === 0 && activeRevBits(p, s).length > 0,
    apply: (d, s) => {
      makeMotus(d.p, s);
      d.p.revPend[s] = activeRevBits(d.p, s)[0];
      d.p.revDay[s] = d.day;
    } },
  { kind: 'revocation_pending_cleared', category: 'revocation_pending', expected: false,
    pred: (p, s) => p.revPend[s] !== 0, apply: (d, s) => void (d.p.revPend[s] = 0) },
  { kind: 'revocation_pending_switched', category: 'revocation_pending', expected: false,
    pred: (p, s) => p.revPend[s] !== 0,
    apply: (d, s) => void (d.p.revPend[s] = d.p.revPend[s] === REV_BROKER ? REV_COMMON : REV_BROKER) },
  // Authority. Contract authority is not one of the tracked fields: a legacy contract authority
  // that changes is Motus's from then on, folded into the motor-carrier authority, still active.
  { kind: 'contract_authority_only', category: 'authority_change', expected: false,
    pred: (p, s) => isLegacyHeld(p, s) && !forwarderOnly(p, s) && commonOf(p.auth[s]) === AUTH_A &&
      (contractOf(p.auth[s]) === AUTH_A || contractOf(p.auth[s]) === AUTH_I),
    apply: (d, s) => {
      setAuthority(d.p, s, 'contract', contractOf(d.p.auth[s]) === AUTH_A ? AUTH_I : AUTH_A, d.day);
      makeMotus(d.p, s);
    } },
  { kind: 'carrier_status_flip', category: 'authority_change', expected: true,
    pred: (p, s) => p.status[s] !== STATUS_P,
    apply: (d, s) => void (d.p.status[s] = d.p.status[s] === STATUS_A ? STATUS_I : STATUS_A) },
  // Motus wins over the frozen archive: the archive still says ACTIVE.
  { kind: 'legacy_authority_revoked_in_motus', category: 'authority_change', expected: true,
    pred: (p, s) => isLegacyHeld(p, s) && quietMotus(p, s) && commonOf(p.auth[s]) === AUTH_A && !forwarderOnly(p, s),
    apply: (d, s) => {
      makeMotus(d.p, s);
      setAuthority(d.p, s, 'common', AUTH_I, d.day);
    } },
  // A freight forwarder's common authority in the archive is a freight-forwarder authority in
  // Motus, which the snapshot counts as common authority too: no change.
  { kind: 'forwarder_authority_in_motus', category: 'authority_change', expected: false,
    pred: (p, s) => isLegacyHeld(p, s) && quietMotus(p, s) && forwarderOnly(p, s) && commonOf(p.auth[s]) === AUTH_A && p.revPend[s] === 0,
    apply: (d, s) => makeMotus(d.p, s) },
  // Pending counts: an application filed, and one withdrawn (a Carrier deletion row by OP_AUTH_TYPE).
  { kind: 'authority_application_pending', category: 'authority_change', expected: true,
    pred: (p, s) => quietMotus(p, s) && brokerOf(p.auth[s]) === AUTH_N,
    apply: (d, s) => {
      makeMotus(d.p, s);
      setAuthority(d.p, s, 'broker', AUTH_P, d.day);
    } },
  { kind: 'authority_application_withdrawn', category: 'authority_change', expected: true,
    pred: (p, s) => {
      const k = withdrawable(p, s);
      return k === 'broker' || (k === 'common' && !forwarderOnly(p, s));
    },
    apply: (d, s) => {
      const k = withdrawable(d.p, s)!;
      if (getAuthority(d.p, s, k) !== AUTH_P) throw new Error('authority_application_withdrawn: no pending application');
      setAuthority(d.p, s, k, AUTH_N, d.day);
    } },
  // Insurance: only the max_bipd / max_cargo aggregates count. A Motus policy replaced is an Insur
  // deletion row with the docket, then the docket's policies; a pending cancellation an InsHist row.
  { kind: 'policy_replaced_same_limit', category: 'insurance_change', expected: false,
    pred: (p, s) => isMotusHeld(p, s) && p.bipd[s] > 0 && p.bipdCan[s] === 0, apply: (d, s) => {
      d.p.polSeed[s] = d.rng.u32();
      d.p.bipdEff[s] = d.day;
    } },
  { kind: 'cancellation_pending', category: 'insurance_change', expected: false,
    pred: (p, s) => quietMotus(p, s) && p.bipd[s] > 0 && p.bipdCan[s] === 0, apply: (d, s) => {
      makeMotus(d.p, s);
      d.p.bipdCan[s] = d.day + d.rng.range(10, 40);
    } },
  // A lower limit filed in Motus: the frozen archive still holds the higher one.
  { kind: 'bipd_limit_changed', category: 'insurance_change', expected: true,
    pred: (p, s) => isLegacyHeld(p, s) && quietMotus(p, s) && p.bipd[s] === 1000 && p.bipdXs[s] === 0, apply: (d, s) => {
      makeMotus(d.p, s);
      d.p.bipd[s] = 750;
    } },
  // Identity and contact: additions count.
  { kind: 'officer_2_added', category: 'identity_change', expected: true,
    pred: (p, s) => p.off1[s] !== 0 && p.off2[s] === 0, apply: (d, s) => void (d.p.off2[s] = d.ctx.nextOfficer++) },
  { kind: 'email_added', category: 'contact_change', expected: true,
    pred: (p, s) => p.emailId[s] === 0, apply: (d, s) => void (d.p.emailId[s] = d.ctx.nextEmail++) },
  // A removed carrier reports only removed_carrier, whatever else changed.
  { kind: 'removed_with_other_edits', category: 'removed_carrier', expected: true,
    pred: () => true, apply: (d, s) => {
      const p = d.p;
      p.nameId[s] = d.ctx.nextName++;
      p.pu[s] += 25;
      p.status[s] = p.status[s] === STATUS_A ? STATUS_I : STATUS_A;
      p.cr[s]++;
      p.alive[s] = 0;
    } },
];

/** A live, unprotected, untouched, unreserved carrier satisfying `pred`, or -1. */
function pickEdgeSlot(d: Day, pred: (p: Pop, s: number) => boolean): number {
  const { p, rng, reserved, touched } = d;
  const ok = (s: number) => p.alive[s] === 1 && !p.prot[s] && !reserved[s] && !touched[s] && pred(p, s);
  for (let t = 0; t < 4_000; t++) {
    const s = rng.int(p.n);
    if (ok(s)) return s;
  }
  const off = rng.int(p.n);
  for (let i = 0; i < p.n; i++) {
    const s = (off + i) % p.n;
    if (ok(s)) return s;
  }
  return -1;
}

/** Plants all edge cases for the day; kinds without a fitting carrier are skipped and reported. */
export function plantEdges(d: Day): { edges: EdgeCase[]; skipped: string[] } {
  const edges: EdgeCase[] = [];
  const skipped: string[] = [];
  for (const e of EDGES) {
    const s = pickEdgeSlot(d, e.pred);
    if (s < 0) {
      skipped.push(e.kind);
      continue;
    }
    d.reserved[s] = 1;
    e.apply(d, s);
    edges.push({ dot_number: String(d.p.dot[s]), kind: e.kind, category: e.category, expected_change: e.expected });
  }
  const s = addCarrier(d.p, d.ctx, d.rng, d.day, 1, true);
  d.reserved[s] = 1;
  edges.push({ dot_number: String(d.p.dot[s]), kind: 'new_carrier', category: 'new_carrier', expected_change: true });
  return { edges, skipped };
}

export const EDGE_KINDS = [...EDGES.map((e) => e.kind), 'new_carrier'];
