/**
 * The caller-adjustable part of the model (spec: POST /v1/carriers/{dot_number}/risk-score).
 * Stateless: a policy is merged per request and never stored.
 */

export interface RiskPolicy {
  /** BIPD floor in dollars: 0 < max_bipd < min_bipd raises LOW_BIPD. */
  min_bipd: number;
  /** Cargo floor in dollars: 0 < max_cargo < min_cargo raises LOW_CARGO_INSURANCE (0 = never). */
  min_cargo: number;
}

const POLICY_FIELDS = ['min_bipd', 'min_cargo'] as const;
export type PolicyField = (typeof POLICY_FIELDS)[number];

export const DEFAULT_POLICY: Readonly<RiskPolicy> = Object.freeze({ min_bipd: 750_000, min_cargo: 0 });

/** A request body: any subset of the fields; null or absent means "use the default". */
export type PolicyOverrides = { [K in PolicyField]?: number | null };

export interface PolicyProblem {
  field: PolicyField;
  message: string;
}

/** Thrown by mergePolicy; the HTTP layer renders it as 400 INVALID_PARAM with this message. */
export class InvalidPolicyError extends Error {
  readonly problems: PolicyProblem[];
  constructor(problems: PolicyProblem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'InvalidPolicyError';
    this.problems = problems;
  }
  /** The first offending field, e.g. 'min_bipd'. */
  get field(): PolicyField {
    return this.problems[0].field;
  }
}

/**
 * Every field that is not a non-negative whole number of dollars, by name, in field order.
 * @example policyProblems({ min_bipd: -1 }) // [{ field: 'min_bipd', message: 'min_bipd must not be negative (got -1)' }]
 */
export function policyProblems(overrides: PolicyOverrides | null | undefined): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  for (const field of POLICY_FIELDS) {
    const value: unknown = overrides?.[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      problems.push({ field, message: `${field} must be a whole number of dollars (got ${JSON.stringify(value)})` });
    } else if (value < 0) {
      problems.push({ field, message: `${field} must not be negative (got ${value})` });
    }
  }
  return problems;
}

/**
 * The policy actually applied: the defaults overridden by the given fields (spec rule 2).
 * Throws InvalidPolicyError naming the field when a value is negative (spec rule 3).
 * @example mergePolicy({ min_cargo: 100000 }) // { min_bipd: 750000, min_cargo: 100000 }
 */
export function mergePolicy(overrides?: PolicyOverrides | null): RiskPolicy {
  const problems = policyProblems(overrides);
  if (problems.length > 0) throw new InvalidPolicyError(problems);
  return {
    min_bipd: overrides?.min_bipd ?? DEFAULT_POLICY.min_bipd,
    min_cargo: overrides?.min_cargo ?? DEFAULT_POLICY.min_cargo,
  };
}
