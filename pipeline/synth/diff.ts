/**
 * The manifest's change list: what a correct diff of two consecutive snapshots finds, computed
 * from the derived snapshot values of the two days' states with the rules of lib/domain.ts.
 * It is a diff, not a log of intended mutations, so incidental changes (a lapsed policy, a
 * revocation that took effect) appear and no-op mutations (a noise edit) do not.
 */
import { CATEGORY_FIELDS, fleetMoved, oosRateMoved, type ChangeCategory } from '../../lib/domain.ts';
import { categoryValues, driverRateOf, revocationOf, vehicleRateOf } from './derive.ts';
import type { Pop } from './model.ts';

export interface Change {
  dot_number: string;
  category: ChangeCategory;
  old_values: Record<string, string | number | null>;
  new_values: Record<string, string | number | null>;
}

const sameJson = (a: Record<string, unknown>, b: Record<string, unknown>): boolean => {
  for (const k of Object.keys(a)) if (a[k] !== b[k]) return false;
  return true;
};

/** Carriers of both days, in DOT order (slots are in DOT order). */
export function diffPops(prev: Pop, cur: Pop): Change[] {
  const out: Change[] = [];
  const push = (p: Pop, s: number, category: ChangeCategory, o: Pop | null, n: Pop | null) => {
    out.push({
      dot_number: String(p.dot[s]),
      category,
      old_values: o ? categoryValues(o, s, category) : {},
      new_values: n ? categoryValues(n, s, category) : {},
    });
  };
  for (let s = 0; s < cur.n; s++) {
    const was = s < prev.n && prev.alive[s] === 1;
    const is = cur.alive[s] === 1;
    if (!was && !is) continue;
    if (!was) {
      push(cur, s, 'new_carrier', null, cur);
      continue;
    }
    if (!is) {
      push(cur, s, 'removed_carrier', prev, null);
      continue;
    }
    diffCarrier(prev, cur, s, push);
  }
  return out;
}

type Push = (p: Pop, s: number, c: ChangeCategory, o: Pop | null, n: Pop | null) => void;

function diffCarrier(a: Pop, b: Pop, s: number, push: Push): void {
  // authority_change: any of the three statuses (cheap integer checks first, values second).
  if (a.status[s] !== b.status[s] || a.auth[s] !== b.auth[s] || a.mc[s] !== b.mc[s] || a.reg[s] !== b.reg[s]) {
    const o = categoryValues(a, s, 'authority_change');
    const n = categoryValues(b, s, 'authority_change');
    if (!sameJson(o, n)) push(b, s, 'authority_change', a, b);
  }
  // revocation_pending: only empty → non-empty counts.
  if (a.revPend[s] !== b.revPend[s] || a.mc[s] !== b.mc[s] || a.reg[s] !== b.reg[s]) {
    if (revocationOf(a, s) === '' && revocationOf(b, s) !== '') push(b, s, 'revocation_pending', a, b);
  }
  // insurance_change: the max_bipd / max_cargo aggregates.
  if (a.bipd[s] !== b.bipd[s] || a.bipdXs[s] !== b.bipdXs[s] || a.cargo[s] !== b.cargo[s] || a.mc[s] !== b.mc[s]) {
    const o = categoryValues(a, s, 'insurance_change');
    const n = categoryValues(b, s, 'insurance_change');
    if (!sameJson(o, n)) push(b, s, 'insurance_change', a, b);
  }
  // safety_change: crash counts, or an OOS rate move > 5 points with ≥ 10 new inspections.
  if (
    a.cr[s] !== b.cr[s] || a.crF[s] !== b.crF[s] ||
    a.dI[s] !== b.dI[s] || a.dO[s] !== b.dO[s] || a.vI[s] !== b.vI[s] || a.vO[s] !== b.vO[s]
  ) {
    const moved =
      a.cr[s] !== b.cr[s] ||
      a.crF[s] !== b.crF[s] ||
      oosRateMoved(driverRateOf(a, s), driverRateOf(b, s), b.dI[s]) ||
      oosRateMoved(vehicleRateOf(a, s), vehicleRateOf(b, s), b.vI[s]);
    if (moved) push(b, s, 'safety_change', a, b);
  }
  // fleet_change
  if (fleetMoved(a.pu[s], b.pu[s]) || fleetMoved(a.drv[s], b.drv[s])) push(b, s, 'fleet_change', a, b);
  // identity_change: strings only when an input differs.
  if (
    a.nameId[s] !== b.nameId[s] || a.dbaId[s] !== b.dbaId[s] || a.off1[s] !== b.off1[s] ||
    a.off2[s] !== b.off2[s] || a.fmt[s] !== b.fmt[s]
  ) {
    const o = categoryValues(a, s, 'identity_change');
    const n = categoryValues(b, s, 'identity_change');
    if (!sameJson(o, n)) push(b, s, 'identity_change', a, b);
  }
  // contact_change
  if (
    a.addrId[s] !== b.addrId[s] || a.st[s] !== b.st[s] || a.phone[s] !== b.phone[s] ||
    a.emailId[s] !== b.emailId[s] || a.fmt[s] !== b.fmt[s]
  ) {
    const o = categoryValues(a, s, 'contact_change');
    const n = categoryValues(b, s, 'contact_change');
    if (!sameJson(o, n)) push(b, s, 'contact_change', a, b);
  }
}

/** Every category's field list must match lib/domain.ts (guards against drift in derive.ts). */
export function checkFields(c: Change): void {
  const fields = CATEGORY_FIELDS[c.category];
  const check = (v: Record<string, unknown>, label: string) => {
    const keys = Object.keys(v);
    if (keys.length && keys.join() !== fields.join()) {
      throw new Error(`${c.category} ${label} has fields ${keys.join()} instead of ${fields.join()}`);
    }
  };
  check(c.old_values, 'old_values');
  check(c.new_values, 'new_values');
}
