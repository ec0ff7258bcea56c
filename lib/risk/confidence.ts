/**
 * How much evidence stands behind a score: inspections in the 24-month window, operating age and
 * a current MCS-150. Independent of the policy.
 */
import { operatingSince } from './authority.ts';
import { monthsAtLeast } from './horizon.ts';
import type { RiskInput } from './input.ts';
import { inspectionCount } from './safety.ts';
import type { OosKind } from './safety.ts';
import { COMPLIANCE, CONFIDENCE, SAFETY } from './thresholds.ts';
import { CONFIDENCE_LEVELS } from './types.ts';
import type { Confidence } from './types.ts';

/**
 * LOW: fewer than 5 inspections, or operating age under 6 months or unknown.
 * HIGH: at least 10 inspections, operating age at least 24 months and an MCS-150 under 24 months.
 * MEDIUM otherwise. Then one level lower when an OOS rate reached the HIGH_*_OOS level on too
 * few inspections of its kind to be scored.
 */
export function assessConfidence(input: RiskInput, unscored: readonly OosKind[] = []): Confidence {
  const inspections = inspectionCount(input);
  const since = operatingSince(input);
  const mcs150 = input.mcs150_date;
  // Ages are read only where they decide (lib/risk/horizon.ts notes what is read).
  let rank: number; // index into CONFIDENCE_LEVELS: 0 HIGH, 1 MEDIUM, 2 LOW
  if (inspections < SAFETY.minInspections || since === null || !monthsAtLeast(since, input.as_of, CONFIDENCE.lowAgeMonths)) rank = 2;
  else if (
    inspections >= CONFIDENCE.highInspections &&
    monthsAtLeast(since, input.as_of, CONFIDENCE.highAgeMonths) &&
    mcs150 !== null &&
    !monthsAtLeast(mcs150, input.as_of, COMPLIANCE.staleMcs150.months)
  )
    rank = 0;
  else rank = 1;
  if (unscored.length > 0) rank = Math.min(2, rank + 1);
  return CONFIDENCE_LEVELS[rank];
}
