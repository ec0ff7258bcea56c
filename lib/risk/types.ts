/**
 * The risk score as the API serves it (spec "Risk score"). The enums are fixed by the contract.
 */

export const GRADES = ['A', 'B', 'C', 'D', 'F'] as const;
export type Grade = (typeof GRADES)[number];

export const RISK_TIERS = ['LOW', 'GUARDED', 'ELEVATED', 'HIGH', 'SEVERE'] as const;
export type RiskTier = (typeof RISK_TIERS)[number];

export const CONFIDENCE_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** Most severe first: also the first key of the flag order. */
export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const COMPONENT_NAMES = ['Compliance', 'Safety', 'Insurance'] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

export interface RiskComponent {
  name: ComponentName;
  /** Integer 0..100. */
  score: number;
  weight: number;
}

export interface RiskFlag {
  severity: Severity;
  code: string;
  message: string;
}

export interface RiskScore {
  /** Integer 0..100 after caps. */
  score: number;
  grade: Grade;
  tier: RiskTier;
  confidence: Confidence;
  /** Always Compliance, Safety, Insurance in that order. */
  components: RiskComponent[];
  /** Sorted by severity (critical, warning, info), then by the catalogue order of FLAG_CODES. */
  flags: RiskFlag[];
}
