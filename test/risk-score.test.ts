/**
 * The risk model (lib/risk, docs/risk-model.md): every rule, flag, cap, band and confidence level,
 * policy merging, the spec's worked effects and determinism. Pure: no database, no clock.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../lib/config.ts';
import type { CarrierSnapshot } from '../lib/snapshot.ts';
import {
  COMPONENT_NAMES,
  CONFIDENCE_LEVELS,
  DEFAULT_POLICY,
  FLAG_CODES,
  FLAG_COMPONENT,
  GRADES,
  InvalidPolicyError,
  mergePolicy,
  NO_CHAMELEON_SIGNALS,
  policyProblems,
  RISK_SNAPSHOT_FIELDS,
  RISK_TIERS,
  SEVERITIES,
  gradeOf,
  historyChanged,
  historyKey,
  riskInputFromSnapshot,
  scoreCarrier,
  weightedScore,
} from '../lib/risk/index.ts';
import type { ChameleonLink, RiskInput, RiskPolicy, RiskScore } from '../lib/risk/index.ts';
import { daysBetween, fullMonthsBetween, isoDate, isoOfEpochDay, toCalendarDate } from '../lib/risk/dates.ts';
import { dateReached, daysSince, monthsAtLeast, withChangeDate } from '../lib/risk/horizon.ts';

const AS_OF = '2026-03-15';

/**
 * A realistic, unremarkable for-hire carrier: 12 trucks, authority since 2019, MCS-150 filed last
 * year, 30 driver / 20 vehicle inspections with OOS rates below the national averages, one
 * non-fatal crash, $1M BIPD and $100k cargo. Every component scores 100.
 */
function carrier(overrides: Partial<RiskInput> = {}): RiskInput {
  return {
    dot_number: '1234567',
    carrier_status: 'ACTIVE',
    authority_status: 'ACTIVE',
    contract_authority_status: 'NONE',
    broker_authority_status: 'NONE',
    common_authority_date: '2019-05-01',
    contract_authority_date: null,
    revocation_pending: '',
    add_date: '2019-04-01',
    mcs150_date: '2025-06-10',
    safety_rating: '',
    power_units: 12,
    max_bipd: 1_000_000,
    max_cargo: 100_000,
    driver_inspections: 30,
    driver_oos_inspections: 1,
    driver_oos_rate: 3.33,
    vehicle_inspections: 20,
    vehicle_oos_inspections: 3,
    vehicle_oos_rate: 15,
    total_crashes: 1,
    fatal_crashes: 0,
    carrier_operation: 'A',
    entity_type: 'CARRIER',
    operation_classification: ['AUTHORIZED FOR HIRE'],
    basics: [
      { name: 'Unsafe Driving', measure: 0.4, percentile: 20, threshold: 65, alert: false, percentile_reason: null },
      { name: 'HOS Compliance', measure: 0.2, percentile: 15, threshold: 65, alert: false, percentile_reason: null },
      { name: 'Driver Fitness', measure: 0, percentile: 0, threshold: 80, alert: false, percentile_reason: null },
      { name: 'Controlled Substances/Alcohol', measure: 0, percentile: 0, threshold: 80, alert: false, percentile_reason: null },
      { name: 'Vehicle Maintenance', measure: 1.1, percentile: 30, threshold: 80, alert: false, percentile_reason: null },
    ],
    as_of: AS_OF,
    chameleon: NO_CHAMELEON_SIGNALS,
    ...overrides,
  };
}

const score = (overrides: Partial<RiskInput> = {}, policy: RiskPolicy = DEFAULT_POLICY) =>
  scoreCarrier(carrier(overrides), policy);
const codes = (s: RiskScore) => s.flags.map((f) => f.code);
const flag = (s: RiskScore, code: string) => s.flags.find((f) => f.code === code);
const comp = (s: RiskScore, name: string) => s.components.find((c) => c.name === name)!.score;

/** Inspections with a given OOS count; the rate as the snapshot derives it. */
const driver = (inspections: number, oos: number) => ({
  driver_inspections: inspections,
  driver_oos_inspections: oos,
  driver_oos_rate: inspections === 0 ? null : Math.round((oos * 10_000) / inspections) / 100,
});
const vehicle = (inspections: number, oos: number) => ({
  vehicle_inspections: inspections,
  vehicle_oos_inspections: oos,
  vehicle_oos_rate: inspections === 0 ? null : Math.round((oos * 10_000) / inspections) / 100,
});
const link = (dot: string, shared: ChameleonLink['shared'], revokedDaysAgo: number): ChameleonLink => {
  const d = new Date(Date.UTC(2026, 2, 15 - revokedDaysAgo));
  return { dot_number: dot, shared, revoked_on: d.toISOString().slice(0, 10) };
};

describe('the clean reference carrier', () => {
  it('scores 100 A LOW with HIGH confidence and no flags', () => {
    const s = score();
    expect(s).toEqual({
      score: 100,
      grade: 'A',
      tier: 'LOW',
      confidence: 'HIGH',
      components: [
        { name: 'Compliance', score: 100, weight: 40 },
        { name: 'Safety', score: 100, weight: 35 },
        { name: 'Insurance', score: 100, weight: 25 },
      ],
      flags: [],
    });
  });

  it('has exactly the three contract components with weights 40/35/25', () => {
    const s = score({ max_bipd: 0, fatal_crashes: 3, carrier_status: 'INACTIVE' });
    expect(s.components.map((c) => [c.name, c.weight])).toEqual([
      ['Compliance', 40],
      ['Safety', 35],
      ['Insurance', 25],
    ]);
    expect(COMPONENT_NAMES).toEqual(['Compliance', 'Safety', 'Insurance']);
  });
});

describe('overall score', () => {
  it('is round(Σ score × weight / 100), half up', () => {
    expect(weightedScore([{ score: 100, weight: 40 }, { score: 85, weight: 35 }, { score: 100, weight: 25 }])).toBe(95); // 94.75
    expect(weightedScore([{ score: 100, weight: 40 }, { score: 100, weight: 35 }, { score: 90, weight: 25 }])).toBe(98); // 97.5
    expect(weightedScore([{ score: 100, weight: 40 }, { score: 100, weight: 35 }, { score: 75, weight: 25 }])).toBe(94); // 93.75
    expect(weightedScore([{ score: 0, weight: 40 }, { score: 0, weight: 35 }, { score: 0, weight: 25 }])).toBe(0);
  });

  it('equals the weighted sum when no cap applies', () => {
    const s = score({ safety_rating: 'C', ...driver(10, 2) }); // compliance 75, safety 75
    expect(comp(s, 'Compliance')).toBe(75);
    expect(comp(s, 'Safety')).toBe(75);
    expect(s.score).toBe(Math.round((75 * 40 + 75 * 35 + 100 * 25) / 100)); // 81.25 → 81
  });
});

describe('grades and tiers', () => {
  it.each([
    [100, 'A', 'LOW'],
    [85, 'A', 'LOW'],
    [84, 'B', 'GUARDED'],
    [70, 'B', 'GUARDED'],
    [69, 'C', 'ELEVATED'],
    [55, 'C', 'ELEVATED'],
    [54, 'D', 'HIGH'],
    [40, 'D', 'HIGH'],
    [39, 'F', 'SEVERE'],
    [0, 'F', 'SEVERE'],
  ])('%i → %s %s', (n, grade, tier) => {
    expect(gradeOf(n)).toEqual({ grade, tier });
  });

  it('uses only the contract enums', () => {
    expect(GRADES).toEqual(['A', 'B', 'C', 'D', 'F']);
    expect(RISK_TIERS).toEqual(['LOW', 'GUARDED', 'ELEVATED', 'HIGH', 'SEVERE']);
    expect(CONFIDENCE_LEVELS).toEqual(['HIGH', 'MEDIUM', 'LOW']);
    expect(SEVERITIES).toEqual(['critical', 'warning', 'info']);
  });

  it('grade and tier always follow the final (capped) score', () => {
    const bad = sampleScores().filter((s) => {
      const g = gradeOf(s.score);
      return g.grade !== s.grade || g.tier !== s.tier;
    });
    expect(bad).toEqual([]);
  });
});

describe('Insurance rules', () => {
  it('LOW_BIPD: 0 < max_bipd < min_bipd → insurance −25, warning with both amounts', () => {
    const s = score({ max_bipd: 500_000 });
    expect(comp(s, 'Insurance')).toBe(75);
    expect(flag(s, 'LOW_BIPD')).toEqual({
      severity: 'warning',
      code: 'LOW_BIPD',
      message: 'Active BIPD coverage $500,000 is below the BIPD floor of $750,000.',
    });
  });

  it('LOW_BIPD edges: at the floor no flag; min_bipd 0 never; caller floors apply', () => {
    expect(codes(score({ max_bipd: 750_000 }))).not.toContain('LOW_BIPD');
    expect(codes(score({ max_bipd: 749_999 }))).toContain('LOW_BIPD');
    expect(codes(score({ max_bipd: 1 }, { min_bipd: 0, min_cargo: 0 }))).not.toContain('LOW_BIPD');
    expect(codes(score({ max_bipd: 1_000_000 }, { min_bipd: 5_000_000, min_cargo: 0 }))).toContain('LOW_BIPD');
  });

  it.each([0, 750_000, 5_000_000])('NO_BIPD caps the overall at 35 regardless of min_bipd=%i, without LOW_BIPD', (min) => {
    const s = score({ max_bipd: 0 }, { min_bipd: min, min_cargo: 0 });
    expect(codes(s)).toContain('NO_BIPD');
    expect(codes(s)).not.toContain('LOW_BIPD');
    expect(flag(s, 'NO_BIPD')!.severity).toBe('critical');
    expect(comp(s, 'Insurance')).toBe(50);
    expect(s.score).toBe(35); // uncapped it would be 88
    expect(s.grade).toBe('F');
  });

  it.each([0, 100_000, 1_000_000])('NO_CARGO_INSURANCE: max_cargo 0 → insurance −15 regardless of min_cargo=%i', (min) => {
    const s = score({ max_cargo: 0 }, { min_bipd: 750_000, min_cargo: min });
    expect(codes(s)).toEqual(['NO_CARGO_INSURANCE']);
    expect(comp(s, 'Insurance')).toBe(85);
    expect(flag(s, 'NO_CARGO_INSURANCE')!.message).toContain('$0');
  });

  it('LOW_CARGO_INSURANCE: 0 < max_cargo < min_cargo → insurance −10; the default floor 0 never raises it', () => {
    const s = score({ max_cargo: 50_000 }, mergePolicy({ min_cargo: 100_000 }));
    expect(comp(s, 'Insurance')).toBe(90);
    expect(flag(s, 'LOW_CARGO_INSURANCE')!.message).toBe('Active cargo coverage $50,000 is below the cargo floor of $100,000.');
    expect(codes(score({ max_cargo: 1 }))).toEqual([]);
    expect(codes(score({ max_cargo: 100_000 }, mergePolicy({ min_cargo: 100_000 })))).toEqual([]);
  });

  it('all insurance penalties together', () => {
    const s = score({ max_bipd: 0, max_cargo: 0 });
    expect(comp(s, 'Insurance')).toBe(35);
    expect(codes(s)).toEqual(['NO_BIPD', 'NO_CARGO_INSURANCE']);
  });
});

describe("the spec's worked effects (rule 6)", () => {
  // A carrier with a crash history (safety 85) and nothing else: 40×100 + 35×85 + 25×100 = 9475 → 95.
  const crashy = { total_crashes: 3, power_units: 12 };

  it('a BIPD penalty of −25 insurance is about −6 overall', () => {
    expect(score(crashy).score).toBe(95);
    const low = score({ ...crashy, max_bipd: 500_000 });
    expect(comp(low, 'Compliance')).toBe(100);
    expect(comp(low, 'Safety')).toBe(85);
    expect(low.score).toBe(89);
    expect(score(crashy).score - low.score).toBe(6);
    // and on the clean carrier: 100 → 93.75 → 94
    expect(score().score - score({ max_bipd: 500_000 }).score).toBe(6);
  });

  it('a cargo penalty of −10 insurance is about −3 overall', () => {
    const policy = mergePolicy({ min_cargo: 250_000 });
    const low = scoreCarrier(carrier(crashy), policy);
    expect(codes(low)).toEqual(['CRASH_HISTORY', 'LOW_CARGO_INSURANCE']);
    expect(low.score).toBe(92); // 92.25
    expect(score(crashy).score - low.score).toBe(3);
  });

  it('across many carriers the moves stay within rounding of 6.25 and 2.5', () => {
    let checked = 0;
    for (const overrides of sampleOverrides()) {
      const base = score(overrides);
      // Only where the insurance rules are free to fire and no cap binds the score.
      if (base.score !== weightedScore(base.components) || codes(base).some((c) => /^(NO|LOW)_/.test(c))) continue;
      checked++;
      const bipd = base.score - score({ ...overrides, max_bipd: 500_000 }).score;
      const cargo = base.score - scoreCarrier(carrier({ ...overrides, max_cargo: 50_000 }), mergePolicy({ min_cargo: 100_000 })).score;
      expect([6, 7]).toContain(bipd);
      expect([2, 3]).toContain(cargo);
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('the other worked examples of docs/risk-model.md §9', () => {
  const noInspections = { ...driver(0, 0), ...vehicle(0, 0), total_crashes: 0 };

  it('new entrant without inspections or cargo: 85/80/85 → 83 B GUARDED, LOW confidence', () => {
    const s = score({ ...noInspections, power_units: 1, common_authority_date: '2026-01-20', add_date: '2026-01-05', max_cargo: 0 });
    expect([s.components.map((c) => c.score), s.score, s.grade, s.tier, s.confidence]).toEqual([[85, 80, 85], 83, 'B', 'GUARDED', 'LOW']);
    expect(s.flags.map((f) => `${f.severity}:${f.code}`)).toEqual(['warning:NEW_AUTHORITY', 'warning:NO_CARGO_INSURANCE']);
  });

  it('young carrier linked to a recently revoked one: 55/80/100 → 75, capped at 50 D HIGH', () => {
    const s = score({
      ...driver(2, 1),
      ...vehicle(2, 0),
      total_crashes: 0,
      power_units: 2,
      common_authority_date: '2025-11-02',
      add_date: '2025-10-20',
      chameleon: { links: [{ dot_number: '3012345', legal_name: 'RAPID HAUL LLC', shared: ['officer', 'phone'], revoked_on: '2025-09-30' }] },
    });
    expect([s.components.map((c) => c.score), weightedScore(s.components), s.score, s.grade, s.tier, s.confidence]).toEqual([
      [55, 80, 100], 75, 50, 'D', 'HIGH', 'LOW',
    ]);
    expect(s.flags.map((f) => `${f.severity}:${f.code}`)).toEqual(['critical:CHAMELEON_SIGNAL', 'info:NEW_AUTHORITY']);
    expect(s.flags[0].message).toContain('Shares phone and officer with DOT 3012345 (RAPID HAUL LLC)');
  });
});

describe('Safety rules', () => {
  it('no inspection data: neutral baseline 80, LOW confidence, never a failing component', () => {
    const s = score({ ...driver(0, 0), ...vehicle(0, 0) });
    expect(comp(s, 'Safety')).toBe(80);
    expect(s.confidence).toBe('LOW');
    expect(s.flags).toEqual([]);
    expect(s.grade).toBe('A'); // 40 + 28 + 25 = 93
  });

  it('few inspections (1–4) never produce OOS flags or a failing Safety component, whatever the rates', () => {
    for (let d = 0; d <= 4; d++) {
      for (let v = 0; v <= 4; v++) {
        for (const oosShare of [0, 0.5, 1]) {
          const s = score({ ...driver(d, Math.round(d * oosShare)), ...vehicle(v, Math.round(v * oosShare)) });
          expect(comp(s, 'Safety')).toBe(80);
          expect(codes(s)).toEqual([]);
          expect(s.confidence).toBe('LOW');
        }
      }
    }
  });

  it('a proven clean record beats no record, and no record beats a proven bad one', () => {
    const clean = comp(score(), 'Safety');
    const none = comp(score({ ...driver(0, 0), ...vehicle(0, 0) }), 'Safety');
    const bad = comp(score({ ...driver(10, 5) }), 'Safety');
    expect(clean).toBeGreaterThan(none);
    expect(none).toBeGreaterThan(bad);
  });

  it('HIGH_DRIVER_OOS at 2× the national 6.67% (13.34%) with ≥ 5 driver inspections → safety −25', () => {
    const s = score({ driver_inspections: 50, driver_oos_inspections: 7, driver_oos_rate: 13.34 });
    expect(comp(s, 'Safety')).toBe(75);
    expect(flag(s, 'HIGH_DRIVER_OOS')).toEqual({
      severity: 'warning',
      code: 'HIGH_DRIVER_OOS',
      message: 'Driver OOS rate 13.34% over 50 inspections is 2.0× the national average of 6.67% (flagged at 2×).',
    });
    expect(codes(score({ driver_inspections: 50, driver_oos_inspections: 7, driver_oos_rate: 13.33 }))).toEqual([]);
  });

  it('HIGH_DRIVER_OOS needs 5 driver inspections; below that it lowers confidence instead', () => {
    expect(codes(score(driver(5, 1)))).toEqual(['HIGH_DRIVER_OOS']); // 20%
    const few = score(driver(4, 2)); // 50% on 4 inspections, vehicle inspections 20
    expect(codes(few)).toEqual([]);
    expect(comp(few, 'Safety')).toBe(100);
    expect(few.confidence).toBe('MEDIUM'); // HIGH without the unscored rate
    expect(score(driver(4, 0)).confidence).toBe('HIGH');
  });

  it('HIGH_VEHICLE_OOS at 2× the national 22.26% (44.52%) with ≥ 5 vehicle inspections → safety −20', () => {
    const s = score({ vehicle_inspections: 100, vehicle_oos_inspections: 45, vehicle_oos_rate: 44.52 });
    expect(comp(s, 'Safety')).toBe(80);
    expect(flag(s, 'HIGH_VEHICLE_OOS')!.message).toBe(
      'Vehicle OOS rate 44.52% over 100 inspections is 2.0× the national average of 22.26% (flagged at 2×).',
    );
    expect(codes(score({ vehicle_inspections: 100, vehicle_oos_inspections: 45, vehicle_oos_rate: 44.51 }))).toEqual([]);
    const few = score({ ...driver(20, 0), ...vehicle(4, 4) });
    expect(codes(few)).toEqual([]);
    expect(few.confidence).toBe('MEDIUM');
  });

  it('derives a missing rate from the counts', () => {
    expect(codes(score({ driver_inspections: 10, driver_oos_inspections: 3, driver_oos_rate: null }))).toEqual(['HIGH_DRIVER_OOS']);
  });

  it('FATAL_CRASHES: any fatal crash → critical, safety −25, with the counts', () => {
    const s = score({ total_crashes: 2, fatal_crashes: 1, power_units: 40 });
    expect(comp(s, 'Safety')).toBe(75);
    expect(flag(s, 'FATAL_CRASHES')).toEqual({
      severity: 'critical',
      code: 'FATAL_CRASHES',
      message: '1 fatal crash (of 2 reported) in the last 24 months.',
    });
    expect(codes(score({ total_crashes: 5, fatal_crashes: 0, power_units: 40 }))).toEqual([]);
  });

  it('CRASH_HISTORY: ≥ 2 crashes and ≥ 0.25 crashes per power unit → safety −15', () => {
    const s = score({ total_crashes: 3, power_units: 12 }); // exactly 0.25
    expect(comp(s, 'Safety')).toBe(85);
    expect(flag(s, 'CRASH_HISTORY')!.message).toBe(
      '3 crashes in 24 months with 12 power units = 0.25 per power unit (flagged at 0.25 with at least 2 crashes).',
    );
    expect(codes(score({ total_crashes: 2, power_units: 12 }))).toEqual([]); // 0.17
    expect(codes(score({ total_crashes: 1, power_units: 1 }))).toEqual([]); // one crash is not a history
    expect(codes(score({ total_crashes: 2, power_units: 0 }))).toEqual(['CRASH_HISTORY']); // 0 units counts as 1
  });

  it('BASIC_ALERT: −10 per BASIC in alert, at most −30, naming each', () => {
    const alerts = (n: number) =>
      carrier().basics.map((b, i) => ({ ...b, alert: i < n, percentile: i === 1 ? null : b.percentile }));
    const one = score({ basics: alerts(1) });
    expect(comp(one, 'Safety')).toBe(90);
    expect(flag(one, 'BASIC_ALERT')!.message).toBe('1 BASIC in alert: Unsafe Driving (percentile 20, threshold 65).');
    const two = score({ basics: alerts(2) });
    expect(flag(two, 'BASIC_ALERT')!.message).toContain('HOS Compliance (percentile not public, threshold 65)');
    expect(comp(score({ basics: alerts(3) }), 'Safety')).toBe(70);
    expect(comp(score({ basics: alerts(5) }), 'Safety')).toBe(70);
  });

  it('clamps at 0', () => {
    const s = score({
      ...driver(10, 9),
      ...vehicle(10, 9),
      total_crashes: 9,
      fatal_crashes: 3,
      power_units: 2,
      basics: carrier().basics.map((b) => ({ ...b, alert: true })),
    });
    expect(comp(s, 'Safety')).toBe(0);
  });
});

describe('Compliance rules', () => {
  it('CARRIER_INACTIVE → critical, compliance −60, overall capped at 35', () => {
    const s = score({ carrier_status: 'INACTIVE' });
    expect(flag(s, 'CARRIER_INACTIVE')!.severity).toBe('critical');
    expect(comp(s, 'Compliance')).toBe(40);
    expect(s.score).toBe(35);
  });

  it('AUTHORITY_INACTIVE: no kind ACTIVE and one INACTIVE → compliance −60, cap 35', () => {
    const s = score({ authority_status: 'INACTIVE' });
    expect(codes(s)).toEqual(['AUTHORITY_INACTIVE']);
    expect(flag(s, 'AUTHORITY_INACTIVE')!.message).toContain('common INACTIVE, contract NONE, broker NONE');
    expect(comp(s, 'Compliance')).toBe(40);
    expect(s.score).toBe(35);
  });

  it('NOT_AUTHORIZED: no authority of any kind → compliance −40, cap 50', () => {
    const s = score({ authority_status: 'NONE', common_authority_date: null });
    expect(codes(s)).toEqual(['NOT_AUTHORIZED']);
    expect(comp(s, 'Compliance')).toBe(60);
    expect(s.score).toBe(50);
    // Raw values are read the same way: blank or N is NONE, A is ACTIVE, anything else inactive.
    const raw = (common: string, broker: string) =>
      riskInputFromSnapshot({ ...carrier(), authority_status: common, broker_authority_status: broker } as unknown as CarrierSnapshot, null, AS_OF);
    expect(codes(scoreCarrier(raw('', 'N'), DEFAULT_POLICY))).toEqual(['NOT_AUTHORIZED']);
    expect(codes(scoreCarrier(raw('A', ''), DEFAULT_POLICY))).toEqual([]);
    expect(codes(scoreCarrier(raw('REVOKED', ''), DEFAULT_POLICY))).toEqual(['AUTHORITY_INACTIVE']);
  });

  it('only a carrier that needs interstate authority is flagged for lacking it', () => {
    const none = { authority_status: 'NONE', common_authority_date: null } as const;
    // Intrastate (B hazmat, C non-hazmat): FMCSA authority is not required.
    expect(codes(score({ ...none, carrier_operation: 'C' }))).toEqual([]);
    expect(codes(score({ ...none, carrier_operation: 'B', authority_status: 'INACTIVE' }))).toEqual([]);
    // Interstate private or exempt carriers need none either.
    expect(codes(score({ ...none, operation_classification: ['PRIVATE PROPERTY'] }))).toEqual([]);
    expect(codes(score({ ...none, operation_classification: ['EXEMPT FOR HIRE', 'STATE GOVERNMENT'] }))).toEqual([]);
    // For hire with the operation unknown: taken as interstate.
    expect(codes(score({ ...none, carrier_operation: '' }))).toEqual(['NOT_AUTHORIZED']);
    // A broker needs broker authority whatever its operation.
    const broker = score({ ...none, entity_type: 'BROKER', carrier_operation: 'C', operation_classification: [] });
    expect(codes(broker)).toEqual(['NOT_AUTHORIZED']);
    expect(flag(broker, 'NOT_AUTHORIZED')!.message).toContain('operation as a broker');
  });

  it('AUTHORITY_PENDING: applied for, not granted → compliance −40, cap 50', () => {
    const s = score({ authority_status: 'PENDING', common_authority_date: null });
    expect(codes(s)).toEqual(['AUTHORITY_PENDING']);
    expect(flag(s, 'AUTHORITY_PENDING')!.message).toContain('common PENDING, contract NONE, broker NONE');
    expect(comp(s, 'Compliance')).toBe(60);
    expect(s.score).toBe(50);
    // Pending beside an active kind is no finding; pending beside a revoked one is pending.
    expect(codes(score({ authority_status: 'ACTIVE', broker_authority_status: 'PENDING' }))).toEqual([]);
    expect(codes(score({ authority_status: 'INACTIVE', contract_authority_status: 'PENDING' }))).toEqual(['AUTHORITY_PENDING']);
  });

  it('any ACTIVE kind (contract or broker) is authority', () => {
    expect(codes(score({ authority_status: 'INACTIVE', contract_authority_status: 'ACTIVE', contract_authority_date: '2018-01-01' }))).toEqual([]);
    expect(codes(score({ authority_status: 'NONE', broker_authority_status: 'ACTIVE' }))).toEqual([]);
  });

  it('REVOCATION_PENDING → critical, compliance −30, cap 60, naming the kinds', () => {
    const s = score({ revocation_pending: 'COMMON;BROKER' });
    expect(flag(s, 'REVOCATION_PENDING')).toEqual({
      severity: 'critical',
      code: 'REVOCATION_PENDING',
      message: 'Revocation pending on COMMON, BROKER authority; overall score capped at 60.',
    });
    expect(comp(s, 'Compliance')).toBe(70);
    expect(s.score).toBe(60); // uncapped 88
  });

  it.each(['U', 'UNSATISFACTORY'])('UNSATISFACTORY_RATING (%s) → critical, compliance −50, cap 35', (rating) => {
    const s = score({ safety_rating: rating });
    expect(codes(s)).toEqual(['UNSATISFACTORY_RATING']);
    expect(comp(s, 'Compliance')).toBe(50);
    expect(s.score).toBe(35);
  });

  it.each(['C', 'Conditional'])('CONDITIONAL_RATING (%s) → warning, compliance −25', (rating) => {
    const s = score({ safety_rating: rating });
    expect(flag(s, 'CONDITIONAL_RATING')!.severity).toBe('warning');
    expect(comp(s, 'Compliance')).toBe(75);
    expect(s.score).toBe(90);
  });

  it.each(['S', '', ' '])('rating "%s" raises nothing', (rating) => {
    expect(codes(score({ safety_rating: rating }))).toEqual([]);
  });

  it('NEW_AUTHORITY: under 3 months warning −15, 3–5 months info −5, 6 months none', () => {
    const at = (date: string) => score({ common_authority_date: date, add_date: date });
    const two = at('2026-01-15');
    expect(flag(two, 'NEW_AUTHORITY')).toEqual({
      severity: 'warning',
      code: 'NEW_AUTHORITY',
      message: 'Operating authority granted 2026-01-15, less than 3 months before the score date (new under 6 months).',
    });
    expect(comp(two, 'Compliance')).toBe(85);
    expect(flag(at('2025-12-16'), 'NEW_AUTHORITY')!.severity).toBe('warning'); // 2 full months
    expect(flag(at('2025-12-15'), 'NEW_AUTHORITY')).toEqual({
      severity: 'info',
      code: 'NEW_AUTHORITY',
      message: 'Operating authority granted 2025-12-15, 3 to 5 full months before the score date (new under 6 months).',
    }); // 3 months
    expect(comp(at('2025-12-15'), 'Compliance')).toBe(95);
    expect(flag(at('2025-09-16'), 'NEW_AUTHORITY')!.severity).toBe('info'); // 5 months
    expect(codes(at('2025-09-15'))).toEqual([]); // 6 months
  });

  it('NEW_AUTHORITY uses the earlier grant of the ACTIVE kinds; a future date counts as 0 months', () => {
    expect(codes(score({ contract_authority_status: 'ACTIVE', contract_authority_date: '2026-02-01' }))).toEqual([]);
    expect(codes(score({ authority_status: 'INACTIVE', contract_authority_status: 'ACTIVE', contract_authority_date: '2026-02-01' }))).toEqual(['NEW_AUTHORITY']);
    expect(flag(score({ common_authority_date: '2026-04-01' }), 'NEW_AUTHORITY')).toEqual({
      severity: 'warning',
      code: 'NEW_AUTHORITY',
      message: 'Operating authority granted 2026-04-01, after the score date, counted as 0 months (new under 6 months).',
    });
  });

  it('STALE_MCS150: 24 full months or more, or no date → info, compliance −5', () => {
    const s = score({ mcs150_date: '2024-03-15' });
    expect(flag(s, 'STALE_MCS150')).toEqual({
      severity: 'info',
      code: 'STALE_MCS150',
      message: 'MCS-150 last updated 2024-03-15, 24 months or more before the score date (due every 24 months).',
    });
    expect(comp(s, 'Compliance')).toBe(95);
    expect(codes(score({ mcs150_date: '2024-03-16' }))).toEqual([]);
    expect(codes(score({ mcs150_date: null }))).toEqual(['STALE_MCS150']);
  });
});

describe('CHAMELEON_SIGNAL', () => {
  const withLinks = (...links: ChameleonLink[]) => score({ chameleon: { links } });

  it('strong link (phone) revoked within 12 months → critical, compliance −40, cap 50', () => {
    const s = withLinks({ ...link('765432', ['phone', 'officer'], 100), legal_name: 'OLD ROAD LLC' });
    expect(flag(s, 'CHAMELEON_SIGNAL')).toEqual({
      severity: 'critical',
      code: 'CHAMELEON_SIGNAL',
      message:
        'Shares phone and officer with DOT 765432 (OLD ROAD LLC), revoked or shut down on 2025-12-05 ' +
        '(at most 365 days before the score date); strong link, overall score capped at 50.',
    });
    expect(comp(s, 'Compliance')).toBe(60);
    expect(s.score).toBe(50);
    expect(s.grade).toBe('D');
  });

  it.each([
    [['email'], 365, 'critical', 60, 50],
    [['address', 'officer'], 30, 'critical', 60, 50],
    [['phone'], 366, 'warning', 80, 65],
    [['address'], 10, 'warning', 80, 65],
    [['officer'], 365, 'warning', 80, 65],
    [['address'], 400, 'info', 90, 75],
    [['officer'], 1095, 'info', 90, 75],
  ] as const)('%j revoked %i days ago → %s, compliance %i, cap %i', (shared, days, severity, compliance, cap) => {
    const s = withLinks(link('42', [...shared], days));
    expect(flag(s, 'CHAMELEON_SIGNAL')!.severity).toBe(severity);
    expect(comp(s, 'Compliance')).toBe(compliance);
    expect(s.score).toBe(Math.min(cap, weightedScore(s.components)));
    expect(flag(s, 'CHAMELEON_SIGNAL')!.message).toContain(`capped at ${cap}`);
  });

  it('ignores links older than 3 years, revoked after as_of, to itself, or sharing nothing known', () => {
    expect(codes(withLinks(link('42', ['phone'], 1096)))).toEqual([]);
    expect(codes(withLinks(link('42', ['phone'], -1)))).toEqual([]);
    expect(codes(withLinks(link('1234567', ['phone'], 10)))).toEqual([]);
    expect(codes(withLinks(link('42', [], 10)))).toEqual([]);
    expect(codes(withLinks({ ...link('42', [], 10), shared: ['fax' as 'phone'] }))).toEqual([]);
  });

  it('the strongest link scores; the others are counted; link order does not matter', () => {
    const links = [link('300', ['address'], 20), link('200', ['phone'], 500), link('100', ['email', 'address'], 200), link('100', ['address'], 5)];
    const s = withLinks(...links);
    expect(flag(s, 'CHAMELEON_SIGNAL')!.message).toMatch(/^Shares email and address with DOT 100, .*; 2 more linked carriers\.$/);
    expect(s.score).toBe(50);
    expect(withLinks(...[...links].reverse())).toEqual(s);
  });

  it('the cap is the same under any policy (spec rule 5)', () => {
    const links = { links: [link('42', ['phone'], 30)] };
    for (const policy of [DEFAULT_POLICY, { min_bipd: 0, min_cargo: 0 }, { min_bipd: 100, min_cargo: 5 }]) {
      expect(score({ chameleon: links }, policy).score).toBe(50);
    }
  });
});

describe('caps', () => {
  it('the lowest applicable cap wins and a cap never raises a score', () => {
    const s = score({ max_bipd: 0, chameleon: { links: [link('42', ['phone'], 30)] }, revocation_pending: 'COMMON' });
    expect(s.score).toBe(35);
    const low = score({
      carrier_status: 'INACTIVE',
      authority_status: 'INACTIVE',
      ...driver(10, 9),
      fatal_crashes: 2,
      total_crashes: 6,
      max_bipd: 0,
      max_cargo: 0,
    });
    expect(low.score).toBe(weightedScore(low.components));
    expect(low.score).toBeLessThan(35);
  });
});

describe('failing component', () => {
  it('a component below 40 caps the overall at 69 (at best C); 40 itself does not', () => {
    const bad = score({ ...driver(40, 8), ...vehicle(35, 17), total_crashes: 4, fatal_crashes: 1, power_units: 10 });
    expect(comp(bad, 'Safety')).toBe(15); // 100 − 25 − 25 − 20 − 15
    expect(weightedScore(bad.components)).toBe(70);
    expect(bad.score).toBe(69);
    expect(bad.grade).toBe('C');
    const alerts = carrier().basics.map((b, i) => ({ ...b, alert: i === 0 }));
    const forty = score({ ...driver(10, 5), fatal_crashes: 1, total_crashes: 1, basics: alerts });
    expect(comp(forty, 'Safety')).toBe(40);
    expect(forty.score).toBe(79);
    const below = score({ ...driver(10, 5), fatal_crashes: 1, total_crashes: 3, power_units: 12 });
    expect(comp(below, 'Safety')).toBe(35);
    expect(below.score).toBe(69); // 77.25 uncapped
  });

  it('missing inspection data alone can never trigger it', () => {
    expect(comp(score({ ...driver(0, 0), ...vehicle(0, 0) }), 'Safety')).toBeGreaterThanOrEqual(40);
  });
});

describe('confidence', () => {
  it('HIGH: ≥ 10 inspections, ≥ 24 months of authority, current MCS-150', () => {
    expect(score().confidence).toBe('HIGH');
    expect(score({ ...driver(10, 0), ...vehicle(10, 0) }).confidence).toBe('HIGH');
  });

  it('MEDIUM: 5–9 inspections, 6–23 months of authority, or a stale MCS-150', () => {
    expect(score({ ...driver(9, 0), ...vehicle(9, 0) }).confidence).toBe('MEDIUM');
    expect(score({ ...driver(5, 0), ...vehicle(0, 0) }).confidence).toBe('MEDIUM');
    expect(score({ common_authority_date: '2024-03-16' }).confidence).toBe('MEDIUM'); // 23 months
    expect(score({ common_authority_date: '2024-03-15' }).confidence).toBe('HIGH'); // 24 months
    expect(score({ common_authority_date: '2025-09-15' }).confidence).toBe('MEDIUM'); // 6 months
    expect(score({ mcs150_date: '2023-01-01' }).confidence).toBe('MEDIUM');
    expect(score({ mcs150_date: null }).confidence).toBe('MEDIUM');
  });

  it('LOW: < 5 inspections, operating age < 6 months, or no age at all', () => {
    expect(score({ ...driver(4, 0), ...vehicle(4, 0) }).confidence).toBe('LOW');
    expect(score({ common_authority_date: '2025-09-16' }).confidence).toBe('LOW');
    expect(score({ authority_status: 'NONE', broker_authority_status: 'ACTIVE', add_date: null }).confidence).toBe('LOW');
  });

  it('falls back to the USDOT add_date when the active authority has no grant date', () => {
    expect(score({ authority_status: 'NONE', broker_authority_status: 'ACTIVE' }).confidence).toBe('HIGH');
    expect(score({ common_authority_date: null, add_date: '2025-12-01' }).confidence).toBe('LOW');
  });

  it('an unscored high OOS rate lowers confidence by one level, never below LOW', () => {
    expect(score({ ...driver(4, 4) }).confidence).toBe('MEDIUM');
    expect(score({ ...driver(4, 4), ...vehicle(9, 0) }).confidence).toBe('LOW');
    expect(score({ ...driver(4, 4), ...vehicle(3, 3) }).confidence).toBe('LOW');
  });

  it('does not depend on the policy', () => {
    expect(score({}, { min_bipd: 10_000_000, min_cargo: 10_000_000 }).confidence).toBe('HIGH');
  });
});

describe('flags', () => {
  it('every flag has a catalogued code, a contract severity and a message with a reason', () => {
    const bad = sampleScores()
      .flatMap((s) => s.flags)
      .filter(
        (f) =>
          !(FLAG_CODES as readonly string[]).includes(f.code) ||
          !(SEVERITIES as readonly string[]).includes(f.severity) ||
          f.message.length < 20 ||
          Object.keys(f).sort().join() !== 'code,message,severity',
      );
    expect(bad).toEqual([]);
    expect(Object.keys(FLAG_COMPONENT).sort()).toEqual([...FLAG_CODES].sort());
  });

  it('are sorted by severity, then in catalogue order', () => {
    const s = score({
      mcs150_date: null,
      max_bipd: 100_000,
      max_cargo: 0,
      safety_rating: 'C',
      fatal_crashes: 1,
      total_crashes: 6,
      revocation_pending: 'COMMON',
      common_authority_date: '2026-02-01',
      chameleon: { links: [link('42', ['address'], 500)] },
      basics: carrier().basics.map((b) => ({ ...b, alert: b.name === 'Vehicle Maintenance' })),
      ...driver(10, 5),
      ...vehicle(10, 5),
    });
    expect(s.flags.map((f) => `${f.severity}:${f.code}`)).toEqual([
      'critical:REVOCATION_PENDING',
      'critical:FATAL_CRASHES',
      'warning:CONDITIONAL_RATING',
      'warning:NEW_AUTHORITY',
      'warning:HIGH_DRIVER_OOS',
      'warning:HIGH_VEHICLE_OOS',
      'warning:CRASH_HISTORY',
      'warning:BASIC_ALERT',
      'warning:LOW_BIPD',
      'warning:NO_CARGO_INSURANCE',
      'info:CHAMELEON_SIGNAL',
      'info:STALE_MCS150',
    ]);
  });
});

describe('output shape', () => {
  it('scores and component scores are integers in 0..100', () => {
    const ok = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;
    const bad = sampleScores().filter((s) => !ok(s.score) || !s.components.every((c) => ok(c.score)));
    expect(bad).toEqual([]);
  });
});

describe('determinism', () => {
  afterEach(() => vi.useRealTimers());

  it('same input, same output; the input is not mutated', () => {
    const input = deepFreeze(carrier({ max_bipd: 0, chameleon: { links: [link('42', ['phone'], 30)] } }));
    expect(scoreCarrier(input, DEFAULT_POLICY)).toEqual(scoreCarrier(input, DEFAULT_POLICY));
  });

  it('does not depend on the current time, only on as_of', () => {
    const input = carrier({ common_authority_date: '2026-01-01', mcs150_date: '2024-01-01' });
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
    const a = scoreCarrier(input, DEFAULT_POLICY);
    vi.setSystemTime(new Date('2045-06-30T23:59:59Z'));
    const b = scoreCarrier(input, DEFAULT_POLICY);
    expect(a).toEqual(b);
    expect(scoreCarrier({ ...input, as_of: '2027-01-01' }, DEFAULT_POLICY)).not.toEqual(a);
  });
});

describe('policy', () => {
  it('the default policy is {min_bipd: 750000, min_cargo: 0} and frozen', () => {
    expect(DEFAULT_POLICY).toEqual({ min_bipd: 750_000, min_cargo: 0 });
    expect(Object.isFrozen(DEFAULT_POLICY)).toBe(true);
  });

  it('an empty or absent body gives the default; a partial body merges; null means default', () => {
    expect(mergePolicy()).toEqual(DEFAULT_POLICY);
    expect(mergePolicy(null)).toEqual(DEFAULT_POLICY);
    expect(mergePolicy({})).toEqual(DEFAULT_POLICY);
    expect(mergePolicy({ min_cargo: 100_000 })).toEqual({ min_bipd: 750_000, min_cargo: 100_000 });
    expect(mergePolicy({ min_bipd: 0 })).toEqual({ min_bipd: 0, min_cargo: 0 });
    expect(mergePolicy({ min_bipd: 1_000_000, min_cargo: null })).toEqual({ min_bipd: 1_000_000, min_cargo: 0 });
  });

  it('a negative threshold is rejected, naming the field', () => {
    expect(() => mergePolicy({ min_bipd: -1 })).toThrow(InvalidPolicyError);
    try {
      mergePolicy({ min_cargo: -5 });
      expect.unreachable();
    } catch (e) {
      expect((e as InvalidPolicyError).field).toBe('min_cargo');
      expect((e as Error).message).toBe('min_cargo must not be negative (got -5)');
    }
    expect(policyProblems({ min_bipd: -1, min_cargo: -2 }).map((p) => p.field)).toEqual(['min_bipd', 'min_cargo']);
    expect(policyProblems({ min_bipd: 1.5 })[0].message).toBe('min_bipd must be a whole number of dollars (got 1.5)');
    expect(policyProblems({ min_bipd: 0, min_cargo: 0 })).toEqual([]);
  });

  it('scoreCarrier refuses an invalid policy instead of scoring with it', () => {
    expect(() => scoreCarrier(carrier(), { min_bipd: -1, min_cargo: 0 })).toThrow(/min_bipd/);
  });

  it('the default policy reproduces the default score exactly (empty body = default policy)', () => {
    for (const overrides of sampleOverrides()) {
      expect(scoreCarrier(carrier(overrides), mergePolicy({}))).toEqual(scoreCarrier(carrier(overrides), DEFAULT_POLICY));
    }
  });
});

describe('riskInputFromSnapshot', () => {
  const snapshot: CarrierSnapshot = {
    ...(carrier() as unknown as CarrierSnapshot),
    mc_number: '45',
    legal_name: 'ACME TRUCKING LLC',
    dba_name: '',
    entity_type: 'CARRIER',
    phy_street: '1 MAIN ST',
    phy_city: 'DALLAS',
    phy_state: 'TX',
    phy_zip: '75201',
    phone: '2145550100',
    email: 'ops@acme.test',
    officer_1: 'JANE DOE',
    officer_2: '',
    drivers: 14,
    mcs150_mileage: 1_200_000,
    mcs150_mileage_year: 2025,
    cargo_carried: ['General Freight'],
    bipd_required: 750_000,
    bipd_on_file: 1_000_000,
    cargo_on_file: 100_000,
    bond_on_file: 0,
    active_policy_count: 2,
    next_expiration: null,
    hazmat_inspections: 0,
    hazmat_oos_inspections: 0,
    hazmat_oos_rate: null,
    injury_crashes: 0,
    tow_crashes: 1,
    lat: 31.1,
    lon: -97.6,
  };
  delete (snapshot as Partial<RiskInput>).as_of;
  delete (snapshot as Partial<RiskInput>).chameleon;

  it('keeps exactly the model fields, adds as_of and the chameleon signals', () => {
    const input = riskInputFromSnapshot(snapshot, null, AS_OF);
    expect(Object.keys(input).sort()).toEqual([...RISK_SNAPSHOT_FIELDS, 'as_of', 'chameleon'].sort());
    expect(input).toEqual(carrier());
    expect(scoreCarrier(input, DEFAULT_POLICY).score).toBe(100);
  });

  it('normalises driver-shaped values: numeric strings, Date objects, JSON text', () => {
    const raw = {
      ...snapshot,
      max_bipd: '500000',
      driver_oos_rate: '13.34',
      vehicle_oos_rate: null,
      common_authority_date: new Date('2019-05-01T00:00:00Z'),
      mcs150_date: '2025-06-10T00:00:00Z',
      basics: JSON.stringify(snapshot.basics),
    } as unknown as CarrierSnapshot;
    const signals = { links: [link('42', ['phone'], 30)] };
    const input = riskInputFromSnapshot(raw, signals, new Date('2026-03-15T22:00:00Z'));
    expect(input.max_bipd).toBe(500_000);
    expect(input.driver_oos_rate).toBe(13.34);
    expect(input.common_authority_date).toBe('2019-05-01');
    expect(input.mcs150_date).toBe('2025-06-10');
    expect(input.as_of).toBe('2026-03-15');
    expect(input.basics).toHaveLength(5);
    expect(input.chameleon).toBe(signals);
  });

  it('rejects an invalid as_of instead of silently switching age rules off', () => {
    expect(() => riskInputFromSnapshot(snapshot, null, 'yesterday')).toThrow(RangeError);
    expect(() => riskInputFromSnapshot(snapshot, null, '2026-02-30')).toThrow(RangeError);
  });
});

describe('dates', () => {
  it('counts whole days and full calendar months', () => {
    expect(daysBetween('2025-03-15', '2026-03-15')).toBe(365);
    expect(daysBetween('2026-03-16', '2026-03-15')).toBe(-1);
    expect(fullMonthsBetween('2024-03-15', '2026-03-14')).toBe(23);
    expect(fullMonthsBetween('2024-03-15', '2026-03-15')).toBe(24);
    expect(fullMonthsBetween('2026-01-31', '2026-02-28')).toBe(0);
    expect(fullMonthsBetween('2026-04-01', '2026-03-15')).toBe(0);
    expect(fullMonthsBetween('2026-05-20', '2026-03-15')).toBe(-2);
  });

  it('parses each string once (cached) without sharing a mutable result or caching a failure', () => {
    expect(isoDate('2026-03-15T22:00:00Z')).toBe('2026-03-15');
    expect(isoDate(new Date('2026-03-15T22:00:00Z'))).toBe('2026-03-15');
    const d = toCalendarDate('2026-03-15');
    d.day = 1;
    expect(toCalendarDate('2026-03-15')).toEqual({ year: 2026, month: 3, day: 15 });
    for (let i = 0; i < 2; i++) {
      expect(() => isoDate('2026-02-30')).toThrow(RangeError);
      expect(() => daysBetween('2026-03-15', 'yesterday')).toThrow(RangeError);
    }
  });
});

describe('the date a score may change on (lib/risk/horizon.ts)', () => {
  const day = (iso: string) => daysBetween('1970-01-01', iso);

  it('is exactly the first later date on which an age in months crosses a threshold, or a date comes', () => {
    // Month ends, a leap day, and a since after as_of (counted as 0 until a full month has passed).
    for (const since of ['2024-01-31', '2024-02-29', '2025-03-30', '2025-08-15', '2025-12-01', '2026-06-30']) {
      for (let start = day('2025-01-01'); start < day('2027-01-01'); start += 3) {
        const asOf = isoOfEpochDay(start);
        for (const n of [1, 3, 6, 24]) {
          const tracked = withChangeDate(() => monthsAtLeast(since, asOf, n));
          if (tracked.value) {
            expect(tracked.changesOn, `since ${since}, as of ${asOf}, ${n} months`).toBeNull();
            continue;
          }
          let first = start + 1;
          while (!monthsAtLeast(since, isoOfEpochDay(first), n)) first++;
          expect(isoOfEpochDay(tracked.changesOn!), `since ${since}, as of ${asOf}, ${n} months`).toBe(isoOfEpochDay(first));
        }
        const came = withChangeDate(() => dateReached(since, asOf));
        expect(came.value).toBe(since <= asOf);
        expect(came.changesOn === null ? null : isoOfEpochDay(came.changesOn)).toBe(since <= asOf ? null : since);
      }
    }
  });

  it('is the earliest date any threshold, date or day count read by the scoring changes on; nothing is noted outside it', () => {
    const tracked = withChangeDate(() => [monthsAtLeast('2025-01-31', '2026-03-10', 24), monthsAtLeast('2025-05-12', '2026-03-10', 12)]);
    expect(tracked.value).toEqual([false, false]);
    expect(isoOfEpochDay(tracked.changesOn!)).toBe('2026-05-12');
    // Thresholds already crossed never change again.
    expect(withChangeDate(() => monthsAtLeast('2025-01-31', '2026-03-10', 6)).changesOn).toBeNull();
    const daily = withChangeDate(() => [monthsAtLeast('2025-01-31', '2026-03-10', 24), daysSince('2026-01-01', '2026-03-10')]);
    expect(isoOfEpochDay(daily.changesOn!)).toBe('2026-03-11');
    expect(withChangeDate(() => daysBetween('2026-01-01', '2026-03-10')).changesOn).toBeNull();
    monthsAtLeast('2025-01-31', '2026-03-10', 24); // untracked: no effect on the next scoring
    expect(withChangeDate(() => 1).changesOn).toBeNull();
  });

  it("of a carrier with a chameleon link is the next day (its days since the revocation); of one without dates, never", () => {
    const linked = carrier({ chameleon: { links: [link('42', ['phone'], 30)] } });
    expect(isoOfEpochDay(withChangeDate(() => scoreCarrier(linked, DEFAULT_POLICY)).changesOn!)).toBe('2026-03-16');
    // The reference carrier: authority 2019-05-01 and added 2019-04-01 (past every age threshold),
    // MCS-150 2025-06-10: its score changes when that filing turns 24 months old (STALE_MCS150).
    expect(isoOfEpochDay(withChangeDate(() => score()).changesOn!)).toBe('2027-06-10');
    const undated = carrier({ common_authority_date: null, contract_authority_date: null, add_date: null, mcs150_date: null });
    expect(withChangeDate(() => scoreCarrier(undated, DEFAULT_POLICY)).changesOn).toBeNull();
  });
});

describe('day-to-day stability (the nightly score is cached as JSON and rewritten when it differs)', () => {
  const WEEK_LATER = '2026-03-22';
  const json = (input: RiskInput) => JSON.stringify(scoreCarrier(input, DEFAULT_POLICY));

  it('the same carrier scored a week later, no threshold crossed, gives the identical RiskScore JSON', () => {
    // Every date-driven flag present and inside the same window on both dates: NEW_AUTHORITY
    // warning (1 → 2 months), STALE_MCS150, a recent and an older chameleon link, and info.
    const cases: Partial<RiskInput>[] = [
      { common_authority_date: '2026-01-20', mcs150_date: '2023-01-01' },
      { common_authority_date: '2025-11-20', mcs150_date: null }, // NEW_AUTHORITY info (3 → 4 months)
      { common_authority_date: '2026-04-01' }, // granted after both dates
      { chameleon: { links: [link('42', ['phone'], 30), link('43', ['address'], 500)] } },
      { chameleon: { links: [link('42', ['address'], 400)] }, common_authority_date: null, add_date: '2026-01-01' },
      ...sampleOverrides(),
    ];
    for (const c of cases) {
      const a = carrier({ ...c, as_of: AS_OF });
      const b = carrier({ ...c, as_of: WEEK_LATER });
      expect(json(b), JSON.stringify(c)).toBe(json(a));
      expect(scoreCarrier(b, DEFAULT_POLICY)).toEqual(scoreCarrier(a, DEFAULT_POLICY));
    }
    // ...and the cases do raise the date-driven flags.
    const flagged = cases.flatMap((c) => codes(score(c)));
    for (const code of ['NEW_AUTHORITY', 'STALE_MCS150', 'CHAMELEON_SIGNAL']) expect(flagged).toContain(code);
  });

  it('no message states the score date', () => {
    const messages = sampleScores().flatMap((s) => s.flags.map((f) => f.message));
    expect(messages.length).toBeGreaterThan(100);
    for (const m of messages) expect(m).not.toContain(AS_OF);
  });

  it('a threshold crossed between the two dates gives a different score', () => {
    const crossing: [Partial<RiskInput>, string][] = [
      [{ mcs150_date: '2024-03-20' }, 'STALE_MCS150'], // 23 → 24 months: flag appears
      [{ common_authority_date: '2025-12-20', add_date: '2025-12-20' }, 'NEW_AUTHORITY'], // 2 → 3 months: warning → info
      [{ common_authority_date: '2025-09-20', add_date: '2025-09-20' }, 'NEW_AUTHORITY'], // 5 → 6 months: flag goes
      [{ chameleon: { links: [link('42', ['phone'], 362)] } }, 'CHAMELEON_SIGNAL'], // 362 → 369 days: recent → older
      [{ chameleon: { links: [link('42', ['phone'], 1090)] } }, 'CHAMELEON_SIGNAL'], // 1090 → 1097 days: link ignored
    ];
    for (const [c, code] of crossing) {
      const a = scoreCarrier(carrier({ ...c, as_of: AS_OF }), DEFAULT_POLICY);
      const b = scoreCarrier(carrier({ ...c, as_of: WEEK_LATER }), DEFAULT_POLICY);
      expect(JSON.stringify(b), code).not.toBe(JSON.stringify(a));
      expect(flag(b, code), code).not.toEqual(flag(a, code));
    }
    // Confidence: 23 → 24 months of authority turns MEDIUM into HIGH.
    const grant = { common_authority_date: '2024-03-20' };
    expect(scoreCarrier(carrier({ ...grant, as_of: AS_OF }), DEFAULT_POLICY).confidence).toBe('MEDIUM');
    expect(scoreCarrier(carrier({ ...grant, as_of: WEEK_LATER }), DEFAULT_POLICY).confidence).toBe('HIGH');
  });
});

describe('historyKey', () => {
  it('holds score, grade, tier and the sorted flag codes', () => {
    const s = score({ max_bipd: 500_000, max_cargo: 0, fatal_crashes: 1 });
    expect(historyKey(s)).toEqual({
      score: s.score,
      grade: s.grade,
      tier: s.tier,
      flag_codes: ['FATAL_CRASHES', 'LOW_BIPD', 'NO_CARGO_INSURANCE'],
    });
  });

  it('a flag appearing with an unchanged score is a change; component drift and message text are not', () => {
    const a = historyKey({ score: 80, grade: 'B', tier: 'GUARDED', flags: [] });
    const withFlag = historyKey({ score: 80, grade: 'B', tier: 'GUARDED', flags: [{ code: 'STALE_MCS150', severity: 'info', message: 'x' }] });
    expect(historyChanged(a, withFlag)).toBe(true);
    expect(historyChanged(null, a)).toBe(true);

    // Same score and flag codes, different component scores, severity and message: authority
    // 2025-12-20 turns 3 months old between these two dates (NEW_AUTHORITY warning → info), and
    // NO_BIPD's cap at 35 absorbs the Compliance change.
    const grant = { common_authority_date: '2025-12-20', add_date: '2025-12-20', max_bipd: 0 };
    const day1 = score({ ...grant, as_of: '2026-03-19' });
    const day2 = score({ ...grant, as_of: '2026-03-20' });
    expect(day1.flags).not.toEqual(day2.flags);
    expect(day1.components).not.toEqual(day2.components);
    expect(historyChanged(historyKey(day1), historyKey(day2))).toBe(false);
    expect(historyChanged(historyKey(day1), historyKey(score({ max_bipd: 0 })))).toBe(true);
    // Message text alone (another linked carrier counted) does not count either.
    const one = score({ chameleon: { links: [link('42', ['address'], 400)] }, safety_rating: 'C' });
    const two = score({ chameleon: { links: [link('42', ['address'], 400), link('43', ['address'], 500)] }, safety_rating: 'C' });
    expect(one.flags).not.toEqual(two.flags);
    expect(historyChanged(historyKey(one), historyKey(two))).toBe(false);
  });
});

describe('docs/risk-model.md', () => {
  it('documents every flag code and every snapshot field the model reads', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'risk-model.md'), 'utf8');
    for (const code of FLAG_CODES) expect(doc, code).toContain(`\`${code}\``);
    for (const field of RISK_SNAPSHOT_FIELDS) expect(doc, field).toContain(`\`${field}\``);
  });
});

// --- helpers ---------------------------------------------------------------------------------

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A grid of carrier variations touching every rule, for the invariants. */
function sampleOverrides(): Partial<RiskInput>[] {
  const out: Partial<RiskInput>[] = [];
  const safety: Partial<RiskInput>[] = [
    {},
    { ...driver(0, 0), ...vehicle(0, 0) },
    { ...driver(3, 3), ...vehicle(2, 0) },
    { ...driver(12, 3) },
    { ...vehicle(12, 7) },
    { total_crashes: 3, power_units: 12 },
    { total_crashes: 3, fatal_crashes: 1, power_units: 12 },
    { basics: carrier().basics.map((b, i) => ({ ...b, alert: i < 2 })) },
  ];
  const compliance: Partial<RiskInput>[] = [
    {},
    { mcs150_date: '2022-01-01' },
    { common_authority_date: '2026-01-20' },
    { safety_rating: 'C' },
    { safety_rating: 'U' },
    { revocation_pending: 'COMMON' },
    { carrier_status: 'INACTIVE' },
    { authority_status: 'NONE' },
    { chameleon: { links: [link('42', ['address'], 500)] } },
    { chameleon: { links: [link('42', ['phone'], 20)] } },
  ];
  const insurance: Partial<RiskInput>[] = [{}, { max_cargo: 0 }, { max_bipd: 0 }, { max_bipd: 300_000 }];
  for (const a of safety) for (const b of compliance) for (const c of insurance) out.push({ ...a, ...b, ...c });
  return out;
}

let sampled: RiskScore[] | undefined;
function sampleScores(): RiskScore[] {
  return (sampled ??= computeSampleScores());
}
function computeSampleScores(): RiskScore[] {
  const policies: RiskPolicy[] = [DEFAULT_POLICY, { min_bipd: 0, min_cargo: 0 }, { min_bipd: 2_000_000, min_cargo: 250_000 }];
  return sampleOverrides().flatMap((o) => policies.map((p) => score(o, p)));
}
