/**
 * The risk model's one entry point. Pure and deterministic: the same input and policy always give
 * the same score; ages are measured at input.as_of, never at the current time.
 */
import { complianceFindings } from './compliance.ts';
import { assessConfidence } from './confidence.ts';
import { compareFlags } from './flags.ts';
import type { Finding } from './flags.ts';
import { gradeOf } from './grade.ts';
import type { RiskInput } from './input.ts';
import { insuranceFindings } from './insurance.ts';
import { InvalidPolicyError, policyProblems } from './policy.ts';
import type { RiskPolicy } from './policy.ts';
import { assessSafety } from './safety.ts';
import { COMPONENT_WEIGHTS, FAILING_COMPONENT } from './thresholds.ts';
import type { ComponentName, RiskComponent, RiskScore } from './types.ts';

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

function component(name: ComponentName, base: number, findings: Finding[]): RiskComponent {
  const deducted = findings.reduce((sum, f) => sum + f.deduction, 0);
  return { name, score: clamp(base - deducted), weight: COMPONENT_WEIGHTS[name] };
}

/**
 * Overall = round(Σ score × weight / 100), half up, in integers; weights sum to 100.
 * @example weightedScore([{score: 100, weight: 40}, {score: 85, weight: 35}, {score: 100, weight: 25}]) // 95 (94.75)
 */
export function weightedScore(components: ReadonlyArray<Pick<RiskComponent, 'score' | 'weight'>>): number {
  const sum = components.reduce((s, c) => s + c.score * c.weight, 0);
  return Math.floor((sum + 50) / 100);
}

/**
 * Scores one carrier under a policy.
 * @example
 * const policy = mergePolicy({ min_bipd: 1_000_000 });
 * scoreCarrier(riskInputFromSnapshot(snapshot, chameleon, '2026-03-15'), policy).grade // 'A'
 */
export function scoreCarrier(input: RiskInput, policy: RiskPolicy): RiskScore {
  const problems = policyProblems(policy);
  if (problems.length > 0) throw new InvalidPolicyError(problems);

  const compliance = complianceFindings(input);
  const safety = assessSafety(input);
  const insurance = insuranceFindings(input, policy);
  const components = [
    component('Compliance', 100, compliance),
    component('Safety', safety.base, safety.findings),
    component('Insurance', 100, insurance),
  ];

  const findings = [...compliance, ...safety.findings, ...insurance];
  const failing = components.some((c) => c.score < FAILING_COMPONENT.below);
  const cap = findings.reduce(
    (c, f) => (f.cap === null ? c : Math.min(c, f.cap)),
    failing ? FAILING_COMPONENT.cap : 100,
  );
  const score = Math.min(weightedScore(components), cap);
  const flags = findings
    .map((f) => ({ severity: f.severity, code: f.code, message: f.message }))
    .sort(compareFlags);

  return {
    score,
    ...gradeOf(score),
    confidence: assessConfidence(input, safety.unscored),
    components,
    flags,
  };
}
