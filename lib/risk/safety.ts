/**
 * Safety component (weight 35): roadside OOS rates against the national averages, crashes, BASIC
 * alerts. Missing evidence is never read as bad: below SAFETY.minInspections inspections the
 * component starts from a neutral baseline and OOS rates are not scored (confidence drops instead).
 */
import { NATIONAL_OOS } from '../domain.ts';
import type { Basic } from '../snapshot.ts';
import type { Finding } from './flags.ts';
import type { RiskInput } from './input.ts';
import { SAFETY } from './thresholds.ts';

export type OosKind = 'driver' | 'vehicle';

export interface SafetyAssessment {
  /** 100 with enough inspections, SAFETY.baseline otherwise. */
  base: number;
  findings: Finding[];
  /** OOS kinds whose rate reached the HIGH_*_OOS level on too few inspections to be scored. */
  unscored: OosKind[];
}

/** Inspections in the 24-month window: a Level I inspection counts as both kinds, so the larger. */
export function inspectionCount(input: Pick<RiskInput, 'driver_inspections' | 'vehicle_inspections'>): number {
  return Math.max(input.driver_inspections, input.vehicle_inspections);
}

/** The served rate (percent, 2 decimals); derived from the counts when the column is null. */
function oosRate(inspections: number, oos: number, rate: number | null): number | null {
  if (rate !== null) return rate;
  return inspections > 0 ? Math.round((oos * 10_000) / inspections) / 100 : null;
}

/** Compared in hundredths of a percent so float noise never moves the edge. */
function atOosMultiple(rate: number, national: number): boolean {
  return Math.round(rate * 100) >= Math.round(SAFETY.oosMultiple * national * 100);
}

function oosRule(input: RiskInput, kind: OosKind): { finding: Finding | null; unscored: boolean } {
  const inspections = kind === 'driver' ? input.driver_inspections : input.vehicle_inspections;
  const rate =
    kind === 'driver'
      ? oosRate(input.driver_inspections, input.driver_oos_inspections, input.driver_oos_rate)
      : oosRate(input.vehicle_inspections, input.vehicle_oos_inspections, input.vehicle_oos_rate);
  const national = NATIONAL_OOS[kind];
  if (rate === null || !atOosMultiple(rate, national)) return { finding: null, unscored: false };
  if (inspections < SAFETY.minInspections) return { finding: null, unscored: true };
  const ratio = (rate / national).toFixed(1);
  return {
    unscored: false,
    finding: {
      code: kind === 'driver' ? 'HIGH_DRIVER_OOS' : 'HIGH_VEHICLE_OOS',
      severity: 'warning',
      message:
        `${kind === 'driver' ? 'Driver' : 'Vehicle'} OOS rate ${rate.toFixed(2)}% over ${inspections} inspections is ` +
        `${ratio}× the national average of ${national.toFixed(2)}% (flagged at ${SAFETY.oosMultiple}×).`,
      deduction: kind === 'driver' ? SAFETY.highDriverOos.deduction : SAFETY.highVehicleOos.deduction,
      cap: null,
    },
  };
}

function crashFindings(input: RiskInput): Finding[] {
  const found: Finding[] = [];
  if (input.fatal_crashes > 0) {
    found.push({
      code: 'FATAL_CRASHES',
      severity: 'critical',
      message:
        `${input.fatal_crashes} fatal crash${input.fatal_crashes === 1 ? '' : 'es'} ` +
        `(of ${input.total_crashes} reported) in the last 24 months.`,
      deduction: SAFETY.fatalCrashes.deduction,
      cap: null,
    });
  }
  const r = SAFETY.crashHistory;
  const units = Math.max(1, input.power_units);
  // crashes / units >= per100Units / 100, in integers.
  if (input.total_crashes >= r.minCrashes && input.total_crashes * 100 >= r.per100Units * units) {
    found.push({
      code: 'CRASH_HISTORY',
      severity: 'warning',
      message:
        `${input.total_crashes} crashes in 24 months with ${input.power_units} ` +
        `power unit${input.power_units === 1 ? '' : 's'} = ${(input.total_crashes / units).toFixed(2)} per power unit ` +
        `(flagged at ${(r.per100Units / 100).toFixed(2)} with at least ${r.minCrashes} crashes).`,
      deduction: r.deduction,
      cap: null,
    });
  }
  return found;
}

function basicFindings(input: RiskInput): Finding[] {
  const alerts = (input.basics ?? []).filter((b) => b.alert);
  if (alerts.length === 0) return [];
  const r = SAFETY.basicAlert;
  const percentile = (b: Basic) => (b.percentile === null ? 'percentile not public' : `percentile ${b.percentile}`);
  const detail = alerts.map((b) => `${b.name} (${percentile(b)}, threshold ${b.threshold})`).join(', ');
  return [
    {
      code: 'BASIC_ALERT',
      severity: 'warning',
      message: `${alerts.length} BASIC${alerts.length === 1 ? '' : 's'} in alert: ${detail}.`,
      deduction: Math.min(r.max, r.each * alerts.length),
      cap: null,
    },
  ];
}

export function assessSafety(input: RiskInput): SafetyAssessment {
  const base = inspectionCount(input) >= SAFETY.minInspections ? 100 : SAFETY.baseline;
  const findings: Finding[] = [];
  const unscored: OosKind[] = [];
  for (const kind of ['driver', 'vehicle'] as const) {
    const { finding, unscored: skipped } = oosRule(input, kind);
    if (finding) findings.push(finding);
    if (skipped) unscored.push(kind);
  }
  findings.push(...crashFindings(input), ...basicFindings(input));
  return { base, findings, unscored };
}
