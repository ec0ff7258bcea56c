/**
 * Domain constants shared by the pipeline, the server and the jobs.
 * Field names refer to the columns of `CarrierSnapshot` (lib/snapshot.ts).
 */

/** The nine change categories, in the order of the spec. */
export const CHANGE_CATEGORIES = [
  'new_carrier',
  'removed_carrier',
  'authority_change',
  'revocation_pending',
  'insurance_change',
  'safety_change',
  'fleet_change',
  'identity_change',
  'contact_change',
] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

/**
 * The fields each category carries in `old_values` / `new_values` (both sides always carry all
 * listed fields, except new_carrier whose old_values is {} and removed_carrier whose new_values is {}).
 */
export const CATEGORY_FIELDS: Record<ChangeCategory, readonly string[]> = {
  new_carrier: ['legal_name', 'carrier_status', 'phy_state'],
  removed_carrier: ['legal_name', 'carrier_status', 'phy_state'],
  authority_change: ['carrier_status', 'authority_status', 'broker_authority_status'],
  revocation_pending: ['revocation_pending'],
  insurance_change: ['max_bipd', 'max_cargo'],
  safety_change: [
    'total_crashes',
    'fatal_crashes',
    'driver_oos_rate',
    'vehicle_oos_rate',
    'driver_inspections',
    'vehicle_inspections',
  ],
  fleet_change: ['power_units', 'drivers'],
  identity_change: ['legal_name', 'dba_name', 'officer_1', 'officer_2'],
  contact_change: ['phy_street', 'phy_city', 'phy_state', 'phy_zip', 'phone', 'email'],
};

/** Summary keys of a run, per category (spec: GET /v1/changes). */
export const SUMMARY_KEYS: Record<ChangeCategory, string> = {
  new_carrier: 'new_carriers',
  removed_carrier: 'removed_carriers',
  authority_change: 'authority_changes',
  revocation_pending: 'revocations_pending',
  insurance_change: 'insurance_changes',
  safety_change: 'safety_changes',
  fleet_change: 'fleet_changes',
  identity_change: 'identity_changes',
  contact_change: 'contact_changes',
};

/**
 * Threshold rules of the gated categories. The DuckDB diff SQL implements the same rules; the
 * synthetic generator uses these functions to place values just under and just over each edge.
 *
 * safety_change: total_crashes or fatal_crashes changed, or a driver or vehicle OOS rate moved by
 * more than 5 points (compared in hundredths: |Δ| > 500) while the new inspection count of that
 * kind is at least 10. A rate that appears or disappears (null ↔ number) counts as no move.
 */
export const OOS_POINTS = 5;
export const OOS_MIN_INSPECTIONS = 10;
/** fleet_change: power_units or drivers moved by more than 20% of the old value or by more than 10. */
export const FLEET_PERCENT = 20;
export const FLEET_UNITS = 10;

export function oosRateMoved(
  oldRate: number | null,
  newRate: number | null,
  newInspections: number,
): boolean {
  if (oldRate === null || newRate === null || newInspections < OOS_MIN_INSPECTIONS) return false;
  return Math.abs(Math.round(newRate * 100) - Math.round(oldRate * 100)) > OOS_POINTS * 100;
}

/** Old = 0 and new > 0 is an unbounded relative move and counts. */
export function fleetMoved(oldValue: number, newValue: number): boolean {
  const delta = Math.abs(newValue - oldValue);
  if (delta > FLEET_UNITS) return true;
  if (oldValue === 0) return delta > 0;
  return delta * 100 > FLEET_PERCENT * oldValue;
}

/** National average OOS rates (percent) served beside a carrier's own (SAFER, April 2026). */
export const NATIONAL_OOS = { vehicle: 22.26, driver: 6.67, hazmat: 4.44 } as const;

/** Account tiers (DESIGN.md §4). */
export const TIERS = {
  free: { rate_limit: 600, watchlist_cap: 500 },
  pro: { rate_limit: 6000, watchlist_cap: 10000 },
} as const;
export type Tier = keyof typeof TIERS;
