/**
 * Snapshot values (lib/snapshot.ts) of one carrier, computed from the generator state exactly as
 * the pipeline derives them from the files this generator writes: the raw, formatted value goes
 * through the same normalisation. The manifest diff compares these, never the raw state.
 */
import { STATES } from './geo.ts';
import { rateOf } from './rates.ts';
import { nameStyle } from './population.ts';
import {
  city, dbaName, email, legalName, normLower, normPhone, normTrim, normUpper, officerName, rawCity, rawEmail,
  rawOfficer, rawPhone, rawState, rawStreet, street, zip,
} from './text.ts';
import { AUTH_STATUS, brokerOf, commonOf, revocationString, type Pop } from './model.ts';

export const carrierStatus = (p: Pop, s: number): 'ACTIVE' | 'INACTIVE' => (p.status[s] === 1 ? 'ACTIVE' : 'INACTIVE');

/** Carriers without a docket have no L&I rows: their authority is NONE and insurance 0. */
export const inLni = (p: Pop, s: number): boolean => p.mc[s] !== 0;

export function legalNameOf(p: Pop, s: number): string {
  return normTrim(legalName(p.nameId[s], nameStyle(p, s)));
}
export function dbaNameOf(p: Pop, s: number): string {
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

export const authorityStatusOf = (p: Pop, s: number): string => AUTH_STATUS[inLni(p, s) ? commonOf(p.auth[s]) : 0];
export const brokerStatusOf = (p: Pop, s: number): string => AUTH_STATUS[inLni(p, s) ? brokerOf(p.auth[s]) : 0];
export const revocationOf = (p: Pop, s: number): string => (inLni(p, s) ? revocationString(p.revPend[s]) : '');
export const maxBipdOf = (p: Pop, s: number): number => (inLni(p, s) ? Math.max(p.bipd[s], p.bipdXs[s]) * 1000 : 0);
export const maxCargoOf = (p: Pop, s: number): number => (inLni(p, s) ? p.cargo[s] * 1000 : 0);
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
