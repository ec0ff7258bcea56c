/**
 * Facts about a carrier's operating authority and record age, shared by the Compliance rules and
 * the confidence level.
 */
import type { AuthorityStatus } from '../snapshot.ts';
import type { RiskInput } from './input.ts';

export const AUTHORITY_KINDS = ['COMMON', 'CONTRACT', 'BROKER'] as const;

type AuthorityInput = Pick<
  RiskInput,
  | 'authority_status'
  | 'contract_authority_status'
  | 'broker_authority_status'
  | 'common_authority_date'
  | 'contract_authority_date'
  | 'add_date'
  | 'as_of'
>;

/**
 * ACTIVE, NONE (never held; also blank) or INACTIVE (anything else: it was held and ended).
 * The snapshot already holds these three values; raw L&I codes (A, I, N) are read the same way.
 */
export function authorityState(status: string): AuthorityStatus {
  const s = status.trim().toUpperCase();
  if (s === 'ACTIVE' || s === 'A') return 'ACTIVE';
  if (s === '' || s === 'NONE' || s === 'N') return 'NONE';
  return 'INACTIVE';
}

export function authorityStates(input: AuthorityInput) {
  return {
    COMMON: authorityState(input.authority_status),
    CONTRACT: authorityState(input.contract_authority_status),
    BROKER: authorityState(input.broker_authority_status),
  };
}

/**
 * The grant date of the carrier's active authority: the earlier of common_authority_date and
 * contract_authority_date among the kinds that are ACTIVE. null when unknown (e.g. broker only).
 */
export function activeAuthoritySince(input: AuthorityInput): string | null {
  const states = authorityStates(input);
  const dates = [
    states.COMMON === 'ACTIVE' ? input.common_authority_date : null,
    states.CONTRACT === 'ACTIVE' ? input.contract_authority_date : null,
  ].filter((d): d is string => d !== null);
  return dates.length === 0 ? null : dates.sort()[0];
}


/**
 * Where operating age, for confidence, counts from: the active authority's grant, else the day the
 * USDOT number was added (add_date); null when neither date is known.
 */
export function operatingSince(input: AuthorityInput): string | null {
  return activeAuthoritySince(input) ?? input.add_date;
}
