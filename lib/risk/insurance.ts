/**
 * Insurance component (weight 25): active BIPD (liability) and cargo coverage against the policy
 * floors. Absent coverage is judged regardless of the floors (spec rule 4).
 */
import type { Finding } from './flags.ts';
import type { RiskInput } from './input.ts';
import type { RiskPolicy } from './policy.ts';
import { INSURANCE } from './thresholds.ts';

/** 1234567 → "$1,234,567" (no locale data involved). */
const dollars = (n: number): string => `$${String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export function insuranceFindings(input: Pick<RiskInput, 'max_bipd' | 'max_cargo'>, policy: RiskPolicy): Finding[] {
  const found: Finding[] = [];
  if (input.max_bipd <= 0) {
    const r = INSURANCE.noBipd;
    found.push({
      code: 'NO_BIPD',
      severity: 'critical',
      message: `No active BIPD liability coverage on file (max_bipd ${dollars(0)}); overall score capped at ${r.cap}.`,
      deduction: r.deduction,
      cap: r.cap,
    });
  } else if (input.max_bipd < policy.min_bipd) {
    found.push({
      code: 'LOW_BIPD',
      severity: 'warning',
      message: `Active BIPD coverage ${dollars(input.max_bipd)} is below the BIPD floor of ${dollars(policy.min_bipd)}.`,
      deduction: INSURANCE.lowBipd.deduction,
      cap: null,
    });
  }
  if (input.max_cargo <= 0) {
    found.push({
      code: 'NO_CARGO_INSURANCE',
      severity: 'warning',
      message: `No active cargo coverage on file (max_cargo ${dollars(0)}).`,
      deduction: INSURANCE.noCargo.deduction,
      cap: null,
    });
  } else if (input.max_cargo < policy.min_cargo) {
    found.push({
      code: 'LOW_CARGO_INSURANCE',
      severity: 'warning',
      message: `Active cargo coverage ${dollars(input.max_cargo)} is below the cargo floor of ${dollars(policy.min_cargo)}.`,
      deduction: INSURANCE.lowCargo.deduction,
      cap: null,
    });
  }
  return found;
}
