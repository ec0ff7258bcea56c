/** The risk model's public API; docs/risk-model.md describes every rule. */
export { scoreCarrier, weightedScore } from './score.ts';
export { DEFAULT_POLICY, InvalidPolicyError, mergePolicy, policyProblems } from './policy.ts';
export type { RiskPolicy } from './policy.ts';
export { NO_CHAMELEON_SIGNALS, RISK_SNAPSHOT_FIELDS, riskInputFromSnapshot } from './input.ts';
export type { ChameleonLink, ChameleonSignals, RiskInput, RiskSnapshotFields } from './input.ts';
export { historyChanged, historyKey } from './history.ts';
export { gradeOf } from './grade.ts';
export { FLAG_CODES, FLAG_COMPONENT } from './flags.ts';
export { COMPONENT_NAMES, CONFIDENCE_LEVELS, GRADES, RISK_TIERS, SEVERITIES } from './types.ts';
export type { RiskScore } from './types.ts';
