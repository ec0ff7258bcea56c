/**
 * Facts about a carrier's operating authority and record age, shared by the Compliance rules and
 * the confidence level.
 */
import type { AuthorityStatus, CarrierSnapshot } from '../snapshot.ts';

export const AUTHORITY_KINDS = ['COMMON', 'CONTRACT', 'BROKER'] as const;

/** The snapshot fields these facts read; a RiskInput holds them (lib/risk/input.ts). */
type AuthorityInput = Pick<
  CarrierSnapshot,
  | 'authority_status'
  | 'contract_authority_status'
  | 'broker_authority_status'
  | 'common_authority_date'
  | 'contract_authority_date'
  | 'add_date'
>;

/**
 * ACTIVE, PENDING (applied for, not granted), NONE (never held; also blank) or INACTIVE (anything
 * else: it was held and ended). The snapshot already holds these values; raw L&I codes (A, I, N)
 * are read the same way.
 */
export function authorityState(status: string): AuthorityStatus {
  const s = status.trim().toUpperCase();
  if (s === 'ACTIVE' || s === 'A') return 'ACTIVE';
  if (s === 'PENDING') return 'PENDING';
  if (s === '' || s === 'NONE' || s === 'N') return 'NONE';
  return 'INACTIVE';
}

type NeedInput = Pick<CarrierSnapshot, 'carrier_operation' | 'entity_type' | 'operation_classification'>;

/**
 * Whether the carrier needs interstate operating authority from FMCSA (49 U.S.C. 13901-13902): a
 * broker or freight forwarder does; a carrier does when it carries for hire across state lines.
 * Intrastate carriers (operation B or C), private carriers and exempt or government operations
 * need none, so its absence says nothing bad about them. An unknown operation with a for-hire
 * classification is taken as interstate (the census leaves ~7 % of operations blank).
 */
export function needsOperatingAuthority(input: NeedInput): boolean {
  if (input.entity_type === 'BROKER' || input.entity_type === 'FREIGHT FORWARDER') return true;
  if (input.carrier_operation === 'B' || input.carrier_operation === 'C') return false;
  return input.operation_classification.some((c) => c.trim().toUpperCase() === 'AUTHORIZED FOR HIRE');
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
