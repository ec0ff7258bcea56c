/** The risk model's public API; docs/risk-model.md describes every rule. */
export { scoreCarrier, weightedScore } from './score.ts';
export { DEFAULT_POLICY, InvalidPolicyError, mergePolicy, policyProblems, POLICY_FIELDS } from './policy.ts';
export type { PolicyField, PolicyOverrides, PolicyProblem, RiskPolicy } from './policy.ts';
export { NO_CHAMELEON_SIGNALS, RISK_SNAPSHOT_FIELDS, riskInputFromSnapshot, SHARED_IDENTIFIERS } from './input.ts';
export type { ChameleonLink, ChameleonSignals, RiskInput, RiskSnapshotFields, SharedIdentifier } from './input.ts';
export { historyChanged, historyKey } from './history.ts';
export type { RiskHistoryKey } from './history.ts';
export { gradeOf } from './grade.ts';
export { FLAG_CODES, FLAG_COMPONENT } from './flags.ts';
export type { FlagCode } from './flags.ts';
export { COMPONENT_NAMES, CONFIDENCE_LEVELS, GRADES, RISK_TIERS, SEVERITIES } from './types.ts';
export type { ComponentName, Confidence, Grade, RiskComponent, RiskFlag, RiskScore, RiskTier, Severity } from './types.ts';
