/**
 * Snapshot values (lib/snapshot.ts) of one carrier, computed from the generator state exactly as
 * the pipeline derives them from the files this generator writes: the raw, formatted value goes
 * through the same normalisation. The manifest diff compares these, never the raw state.
 *
 * Registration (registry.ts): a legacy-held carrier's facts are the frozen archive's, which equal
 * its state; a Motus-held carrier's are Motus's (which the pipeline prefers for the docket it
 * holds): one motor-carrier authority (a forwarder's freight-forwarder authority counts as common), its
 * pending RevokeSuspend orders, its Insur policies. Without a docket there is nothing to read.
 */
import { STATES } from './geo.ts';
import { rateOf } from './rates.ts';
import { nameStyle } from './population.ts';
import {
  city, dbaName, email, legalName, normLower, normPhone, normTrim, normUpper, officerName, rawCity, rawEmail,
  rawOfficer, rawPhone, rawState, rawStreet, street, zip,
} from './text.ts';
import { forwarderOnly, isMotusHeld } from './registry.ts';
import { AUTH_N, AUTH_STATUS, CARRIER_STATUS, REV_BROKER, REV_COMMON, REV_CONTRACT, brokerOf, commonOf, type Pop } from './model.ts';

const carrierStatus = (p: Pop, s: number): string => CARRIER_STATUS[p.status[s]];

function legalNameOf(p: Pop, s: number): string {
  return normTrim(legalName(p.nameId[s], nameStyle(p, s)));
}
function dbaNameOf(p: Pop, s: number): string {
  return p.dbaId[s] ? normTrim(dbaName(p.dbaId[s], nameStyle(p, s))) : '';
}
export function officerOf(p: Pop, s: number, which: 1 | 2): string {
  const id = which === 1 ? p.off1[s] : p.off2[s];
  return id ? normUpper(rawOfficer(officerName(id), p.fmt[s])) : '';
}
export const phyStreetOf = (p: Pop, s: number): string => normTrim(rawStreet(street(p.addrId[s]), p.fmt[s]));
export const phyCityOf = (p: Pop, s: number): string => normUpper(rawCity(city(p.addrId[s], p.st[s]), p.fmt[s]));
export const phyStateOf = (p: Pop, s: number): string => normUpper(rawState(STATES[p.st[s]].code, p.fmt[s]));
export const phyZipOf = (p: Pop, s: number): string => zip(p.addrId[s], p.st[s]);
export const phoneOf = (p: Pop, s: number): string => normPhone(rawPhone(p.phone[s], p.fmt[s]));
export const emailOf = (p: Pop, s: number): string =>
  p.emailId[s] ? normLower(rawEmail(email(p.emailId[s]), p.fmt[s])) : '';

/** The best status of the carrier's common authority (Motus: its motor-carrier authority). */
function authorityStatusOf(p: Pop, s: number): string {
  if (p.mc[s] === 0) return AUTH_STATUS[AUTH_N];
  return AUTH_STATUS[commonOf(p.auth[s])];
}
const brokerStatusOf = (p: Pop, s: number): string => AUTH_STATUS[p.mc[s] ? brokerOf(p.auth[s]) : AUTH_N];

/**
 * The kinds with a pending revocation, in the snapshot's order (COMMON;CONTRACT;BROKER;FREIGHT
 * FORWARDER): Motus orders not yet effective. (A legacy-held carrier has none pending.)
 */
export function revocationOf(p: Pop, s: number): string {
  const bits = p.mc[s] ? p.revPend[s] : 0;
  if (bits === 0) return '';
  if (!isMotusHeld(p, s)) throw new Error(`DOT ${p.dot[s]}: a pending revocation on a legacy-held carrier`);
  const ff = forwarderOnly(p, s);
  const parts: string[] = [];
  if (bits & REV_COMMON && !ff) parts.push('COMMON');
  if (bits & REV_CONTRACT) throw new Error(`DOT ${p.dot[s]}: a pending contract revocation on a Motus-held carrier`);
  if (bits & REV_BROKER) parts.push('BROKER');
  if (bits & REV_COMMON && ff) parts.push('FREIGHT FORWARDER');
  return parts.join(';');
}
/** Policies are filed by docket: none without one. */
const maxBipdOf = (p: Pop, s: number): number => (p.mc[s] ? Math.max(p.bipd[s], p.bipdXs[s]) * 1000 : 0);
const maxCargoOf = (p: Pop, s: number): number => (p.mc[s] ? p.cargo[s] * 1000 : 0);
export const driverRateOf = (p: Pop, s: number): number | null => rateOf(p.dO[s], p.dI[s]);
export const vehicleRateOf = (p: Pop, s: number): number | null => rateOf(p.vO[s], p.vI[s]);

/** The fields of one change category for carrier `s`, in CATEGORY_FIELDS order. */
export function categoryValues(p: Pop, s: number, category: string): Record<string, string | number | null> {
  switch (category) {
    case 'new_carrier':
    case 'removed_carrier':
      return { legal_name: legalNameOf(p, s), carrier_status: carrierStatus(p, s), phy_state: phyStateOf(p, s) };
    case 'authority_change':
      return {
        carrier_status: carrierStatus(p, s),
        authority_status: authorityStatusOf(p, s),
        broker_authority_status: brokerStatusOf(p, s),
      };
    case 'revocation_pending':
      return { revocation_pending: revocationOf(p, s) };
    case 'insurance_change':
      return { max_bipd: maxBipdOf(p, s), max_cargo: maxCargoOf(p, s) };
    case 'safety_change':
      return {
        total_crashes: p.cr[s],
        fatal_crashes: p.crF[s],
        driver_oos_rate: driverRateOf(p, s),
        vehicle_oos_rate: vehicleRateOf(p, s),
        driver_inspections: p.dI[s],
        vehicle_inspections: p.vI[s],
      };
    case 'fleet_change':
      return { power_units: p.pu[s], drivers: p.drv[s] };
    case 'identity_change':
      return {
        legal_name: legalNameOf(p, s),
        dba_name: dbaNameOf(p, s),
        officer_1: officerOf(p, s, 1),
        officer_2: officerOf(p, s, 2),
      };
    case 'contact_change':
      return {
        phy_street: phyStreetOf(p, s),
        phy_city: phyCityOf(p, s),
        phy_state: phyStateOf(p, s),
        phy_zip: phyZipOf(p, s),
        phone: phoneOf(p, s),
        email: emailOf(p, s),
      };
    default:
      throw new Error(`unknown category ${category}`);
  }
}
