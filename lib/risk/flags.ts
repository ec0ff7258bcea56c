/**
 * The flag catalogue: every code the model can raise, the component it belongs to, and the order
 * in which flags are listed. Severities, deductions and caps live with each rule (thresholds.ts).
 */
import type { ComponentName, RiskFlag, Severity } from './types.ts';
import { SEVERITIES } from './types.ts';

/** Catalogue order: Compliance, Safety, Insurance; within a component, most serious first. */
export const FLAG_CODES = [
  'CARRIER_INACTIVE',
  'AUTHORITY_INACTIVE',
  'NOT_AUTHORIZED',
  'AUTHORITY_PENDING',
  'REVOCATION_PENDING',
  'UNSATISFACTORY_RATING',
  'CONDITIONAL_RATING',
  'CHAMELEON_SIGNAL',
  'NEW_AUTHORITY',
  'STALE_MCS150',
  'FATAL_CRASHES',
  'HIGH_DRIVER_OOS',
  'HIGH_VEHICLE_OOS',
  'CRASH_HISTORY',
  'BASIC_ALERT',
  'NO_BIPD',
  'LOW_BIPD',
  'NO_CARGO_INSURANCE',
  'LOW_CARGO_INSURANCE',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

export const FLAG_COMPONENT: Record<FlagCode, ComponentName> = {
  CARRIER_INACTIVE: 'Compliance',
  AUTHORITY_INACTIVE: 'Compliance',
  NOT_AUTHORIZED: 'Compliance',
  AUTHORITY_PENDING: 'Compliance',
  REVOCATION_PENDING: 'Compliance',
  UNSATISFACTORY_RATING: 'Compliance',
  CONDITIONAL_RATING: 'Compliance',
  CHAMELEON_SIGNAL: 'Compliance',
  NEW_AUTHORITY: 'Compliance',
  STALE_MCS150: 'Compliance',
  FATAL_CRASHES: 'Safety',
  HIGH_DRIVER_OOS: 'Safety',
  HIGH_VEHICLE_OOS: 'Safety',
  CRASH_HISTORY: 'Safety',
  BASIC_ALERT: 'Safety',
  NO_BIPD: 'Insurance',
  LOW_BIPD: 'Insurance',
  NO_CARGO_INSURANCE: 'Insurance',
  LOW_CARGO_INSURANCE: 'Insurance',
};

/**
 * What one rule found: the flag it raises and what it does to the score. `deduction` comes off
 * the flag's component; `cap` (when not null) bounds the overall score.
 */
export interface Finding {
  code: FlagCode;
  severity: Severity;
  message: string;
  deduction: number;
  cap: number | null;
}

const CODE_RANK = new Map<string, number>(FLAG_CODES.map((c, i) => [c, i]));
const SEVERITY_RANK = new Map<string, number>(SEVERITIES.map((s, i) => [s, i]));

/** Severity first (critical, warning, info), then catalogue order. Each code occurs at most once. */
export function compareFlags(a: RiskFlag, b: RiskFlag): number {
  return (
    (SEVERITY_RANK.get(a.severity) ?? 99) - (SEVERITY_RANK.get(b.severity) ?? 99) ||
    (CODE_RANK.get(a.code) ?? 99) - (CODE_RANK.get(b.code) ?? 99)
  );
}
