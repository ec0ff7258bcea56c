/**
 * Every number of the risk model in one place; docs/risk-model.md explains each one and the
 * tests pin them. Deductions are points off a component (0..100); caps bound the overall score.
 */
import type { ComponentName, Grade, RiskTier } from './types.ts';

export const COMPONENT_WEIGHTS: Record<ComponentName, number> = {
  Compliance: 40,
  Safety: 35,
  Insurance: 25,
};

/** Lowest overall score of each grade, best first; F is everything below 40. */
export const GRADE_BANDS: ReadonlyArray<{ grade: Grade; min: number; tier: RiskTier }> = [
  { grade: 'A', min: 85, tier: 'LOW' },
  { grade: 'B', min: 70, tier: 'GUARDED' },
  { grade: 'C', min: 55, tier: 'ELEVATED' },
  { grade: 'D', min: 40, tier: 'HIGH' },
  { grade: 'F', min: 0, tier: 'SEVERE' },
];

/**
 * A component below `below` (an F on its own) caps the overall at `cap` (at best a C): a weighted
 * average must not grade a carrier with, say, Safety 15 as a B. Missing data cannot trigger it
 * (Safety starts at its baseline of 80 without inspections).
 */
export const FAILING_COMPONENT = { below: 40, cap: 69 } as const;

export const COMPLIANCE = {
  carrierInactive: { deduction: 60, cap: 35 },
  authorityInactive: { deduction: 60, cap: 35 },
  notAuthorized: { deduction: 40, cap: 50 },
  /** Applied for, not granted: it may not operate for hire yet, as without authority. */
  authorityPending: { deduction: 40, cap: 50 },
  revocationPending: { deduction: 30, cap: 60 },
  unsatisfactoryRating: { deduction: 50, cap: 35 },
  conditionalRating: { deduction: 25 },
  /** NEW_AUTHORITY: authority younger than `months` full months; a warning below `warningMonths`. */
  newAuthority: { months: 6, warningMonths: 3, warningDeduction: 15, infoDeduction: 5 },
  /** STALE_MCS150: the biennial update is due after 24 full months (or no date on file). */
  staleMcs150: { months: 24, deduction: 5 },
} as const;

export const SAFETY = {
  /** Safety starts here when there are fewer than `minInspections` inspections: unproven, not bad. */
  baseline: 80,
  /** Inspections (of the kind) needed before an OOS rate is scored; also the baseline switch. */
  minInspections: 5,
  /** HIGH_*_OOS when the carrier's rate is at least this multiple of the national average. */
  oosMultiple: 2,
  highDriverOos: { deduction: 25 },
  highVehicleOos: { deduction: 20 },
  fatalCrashes: { deduction: 25 },
  /** CRASH_HISTORY: at least `minCrashes` crashes and at least `per100Units` per 100 power units. */
  crashHistory: { minCrashes: 2, per100Units: 25, deduction: 15 },
  basicAlert: { each: 10, max: 30 },
} as const;

export const INSURANCE = {
  noBipd: { deduction: 50, cap: 35 },
  lowBipd: { deduction: 25 },
  noCargo: { deduction: 15 },
  lowCargo: { deduction: 10 },
} as const;

/**
 * Chameleon links to revoked or shut-down carriers. A link is strong when it shares the phone or
 * the e-mail, or at least two identifiers; address-only and officer-only links are weak (offices
 * and common names are shared by chance). Recent: revoked at most `recentDays` before as_of;
 * links older than `maxDays` are ignored.
 */
export const CHAMELEON = {
  recentDays: 365,
  maxDays: 1095,
  levels: {
    strongRecent: { severity: 'critical', deduction: 40, cap: 50 },
    strongOlder: { severity: 'warning', deduction: 20, cap: 65 },
    weakRecent: { severity: 'warning', deduction: 20, cap: 65 },
    weakOlder: { severity: 'info', deduction: 10, cap: 75 },
  },
} as const;

export const CONFIDENCE = {
  /** HIGH needs this many inspections, this operating age and a current MCS-150. */
  highInspections: 10,
  highAgeMonths: 24,
  /** LOW below SAFETY.minInspections inspections or below this operating age (or age unknown). */
  lowAgeMonths: 6,
} as const;
