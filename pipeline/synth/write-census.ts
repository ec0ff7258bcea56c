/**
 * az4n-8mr2.csv: the Company Census File as its `rows.csv` export writes it (fmcsa-published-2026.md
 * §5.1): the 147-column header with `HM_Ind` in mixed case, minimal RFC 4180 quoting. Columns the
 * snapshot does not read are filled plausibly from the carrier's stable seed.
 *
 * The row is one template string in column order (numbers in the comments are 1-based column
 * positions): building a 147-element array per row and joining it costs more than everything
 * else in this file. test/synth.test.ts checks every row has 147 fields.
 */
import { hash32, hfrac, hint } from './rng.ts';
import { STATES } from './geo.ts';
import { Out, q, type FileStat } from './csv.ts';
import { CENSUS_COLUMNS } from './published-columns.ts';
import { ymd, yearOf } from './dates.ts';
import { nameStyle } from './population.ts';
import {
  city, county, dbaName, email, legalName, officerName, rawCity, rawEmail, rawOfficer, rawPhone, rawState,
  rawStreet, street, zip,
} from './text.ts';
import {
  AUTH_A, AUTH_I, CARGO_COLUMNS, CARSHIP, CLASSDEF, FMT_CENSUS_NO_DOCKET, FMT_MC_ZEROS, FMT_MCS_TIME, FMT_STREET_PAD,
  KIND_HM, KIND_INTERSTATE, KIND_PASSENGER, RATINGS, STATUS_CODE, brokerOf, commonOf, contractOf, type Pop,
} from './model.ts';

const CENSUS_HEADER = CENSUS_COLUMNS.join(',');

const OTHER_CARGO = ['SCRAP METAL', 'PALLETS', 'TIRES', 'MULCH', 'EQUIPMENT', 'FEED, SEED AND HAY', 'AUTO PARTS'];

/** The docket status letter of a carrier's MC docket (DOCKETn_STATUS_CODE). */
function docketStatus(auth: number): string {
  const c = commonOf(auth);
  const k = contractOf(auth);
  const b = brokerOf(auth);
  if (c === AUTH_A || k === AUTH_A || b === AUTH_A) return 'A';
  if (c === AUTH_I || k === AUTH_I || b === AUTH_I) return 'I';
  return '';
}

/** BUSINESS_ORG_ID and _DESC from the name's form (only 3 = CORPORATION is a confirmed code). */
function orgOf(name: string, style: number, h: number): string {
  const last = name.slice(name.lastIndexOf(' ') + 1);
  if (last === 'INC' || last === 'CORP' || last === 'CO' || last === 'LTD') return '3,,,,,';
  if (last === 'LLC') return hint(4, h, 1) === 0 ? '3,,,,,' : '8,,,,,';
  if (name.includes(' & SONS ') || name.includes(' BROTHERS ')) return '2,,,,,';
  return style === 0 && !name.includes('&') && !name.includes(',') ? '1,,,,,' : '3,,,,,';
}
const ORG_DESC: Record<string, string> = {
  '1': 'SOLE PROPRIETORSHIP',
  '2': 'PARTNERSHIP',
  '3': 'CORPORATION',
  '8': 'LIMITED LIABILITY COMPANY',
};

/** A phone-like number for FAX / CELL_PHONE (not an identifier the pipeline matches on). */
function otherPhone(h: number, st: number): string {
  const codes = STATES[st].areaCodes;
  return `${codes[h % codes.length]}${200 + ((h >>> 8) % 800)}${String((h >>> 4) % 10_000).padStart(4, '0')}`;
}

/** Columns 75–104 (CRGO_* flags), cached per distinct bit set. */
const cargoCache = new Map<number, string>();
function cargoCells(bits: number): string {
  let c = cargoCache.get(bits);
  if (c === undefined) {
    c = CARGO_COLUMNS.map((_, i) => (bits & (1 << i) ? 'X' : '')).join(',');
    cargoCache.set(bits, c);
  }
  return c;
}

/** Column 52 (CLASSDEF), cached per distinct bit set. */
const classCache = new Map<number, string>();
function classCell(bits: number): string {
  let c = classCache.get(bits);
  if (c === undefined) {
    c = q(CLASSDEF.filter((_, i) => bits & (1 << i)).join(';'));
    classCache.set(bits, c);
  }
  return c;
}

const n0 = (x: number): string => (x ? String(x) : '');

/**
 * CARRIER_OPERATION: A interstate, B intrastate hazmat, C intrastate non-hazmat; blank for an
 * entity that operates no vehicle and has no docket (a shipper, say). Stable: the SMS files of AB
 * and C are chosen by it.
 */
export function operationOf(p: Pop, s: number): '' | 'A' | 'B' | 'C' {
  if (!(p.pu[s] > 0 || p.cargoBits[s] !== 0 || p.mc[s] !== 0)) return '';
  const kind = p.kind[s];
  return kind & KIND_INTERSTATE ? 'A' : kind & KIND_HM ? 'B' : 'C';
}

function censusRow(p: Pop, s: number): string {
  const h = p.seed[s];
  const fmt = p.fmt[s];
  const sti = p.st[s];
  const st = STATES[sti];
  const kind = p.kind[s];
  const pu = p.pu[s];
  const drv = p.drv[s];
  const mc = p.mc[s];
  const dot = p.dot[s];
  const style = nameStyle(p, s);
  const name = legalName(p.nameId[s], style);
  const inter = (kind & KIND_INTERSTATE) !== 0;
  const passenger = (kind & KIND_PASSENGER) !== 0;
  const rated = p.rating[s] !== 0;

  let mcs = ymd(p.mcsDay[s]);
  if (fmt & FMT_MCS_TIME) mcs += ` ${String(hint(24, h, 2)).padStart(2, '0')}${String(hint(60, h, 3)).padStart(2, '0')}`;
  const duns = hint(10, h, 4) < 2 ? String(100_000_000 + hint(899_999_999, h, 5)) : '';
  const op = operationOf(p, s);
  const org = orgOf(name, style, h);
  const mileage = pu > 0 && hint(10, h, 6) >= 3 ? pu * (30 + hint(90, h, 7)) * 1000 : 0;
  const priorRevoke = hint(1000, h, 8) < 2;
  const fax = hint(100, h, 9) < 15 ? otherPhone(hash32(h, 10), sti) : '';
  const cell = hint(100, h, 11) < 10 ? otherPhone(hash32(h, 12), sti) : '';
  // Officer names and cities never hold commas or quotes; only a padded street needs quoting.
  const off1 = p.off1[s] ? rawOfficer(officerName(p.off1[s]), fmt) : '';
  const off2 = p.off2[s] ? rawOfficer(officerName(p.off2[s]), fmt) : '';

  // Dockets: MC in DOCKET1 (DOCKET2 behind an FF docket); none when the census lacks it.
  let d1p = '', d1 = '', d1s = '', d2p = '', d2 = '', d2s = '';
  if (mc && !(fmt & FMT_CENSUS_NO_DOCKET)) {
    const mcText = fmt & FMT_MC_ZEROS ? String(mc).padStart(6, '0') : String(mc);
    if (p.ff[s]) {
      d1p = 'FF';
      d1 = String(p.ff[s]);
      d1s = 'A';
      d2p = 'MC';
      d2 = mcText;
      d2s = docketStatus(p.auth[s]);
    } else {
      d1p = 'MC';
      d1 = mcText;
      d1s = docketStatus(p.auth[s]);
    }
  }

  const far = Math.round(drv * 0.6);
  const str = street(p.addrId[s]);
  const cty = city(p.addrId[s], sti);
  const z = zip(p.addrId[s], sti);
  const cnty = county(p.addrId[s]);
  const mailStreet = hint(100, h, 15) < 15 ? `PO BOX ${1 + hint(9999, h, 16)}` : str;
  const reviewDay = ymd(Math.max(p.addDay[s], p.mcsDay[s] - hint(900, h, 17)));
  const cargo = p.cargoBits[s];

  // Vehicles by type (106–144): owned and term-leased; passenger fleets as buses.
  const leased = pu > 3 ? Math.floor(pu * hfrac(h, 19) * 0.3) : 0;
  const owned = pu - leased;
  let own: string; // 106–118
  let trm: string; // 119–131
  if (passenger) {
    own = `,,,,,,,${owned},,,,,`;
    trm = `,,,,,,,${n0(leased)},,,,,`;
  } else {
    const tractors = Math.round(owned * hfrac(h, 20));
    const tl = Math.round(leased * 0.8);
    own = `${owned - tractors},${tractors},${Math.round(tractors * 1.4)},,,,,,,,,,`;
    trm = leased ? `${leased - tl},${tl},${Math.round(tl * 1.2)},,,,,,,,,,` : ',,,,,,,,,,,,';
  }

  return (
    // 1–8: MCS150_DATE … CARRIER_OPERATION
    `${mcs},${ymd(p.addDay[s])},${STATUS_CODE[p.status[s]]},${dot},${duns},${st.region},${st.code},${op},` +
    // 9–16: BUSINESS_ORG_ID, MCS150_MILEAGE, _YEAR, MCS151_MILEAGE, TOTAL_CARS, MCS150_UPDATE_CODE_ID, PRIOR_REVOKE_*
    `${org[0]},${mileage},${mileage ? yearOf(p.mcsDay[s]) - 1 : 0},,,,${priorRevoke ? 'Y' : 'N'},${priorRevoke ? dot : ''},` +
    // 17–22: PHONE, FAX, CELL_PHONE, COMPANY_OFFICER_1/2, BUSINESS_ORG_DESC
    `${rawPhone(p.phone[s], fmt)},${fax},${cell},${off1},${off2},${ORG_DESC[org[0]]},` +
    // 23–32: TRUCK_UNITS, POWER_UNITS, BUS_UNITS, FLEETSIZE, REVIEW_ID, RECORDABLE_CRASH_RATE, nationality ×2, barrio ×2
    `${passenger ? 0 : pu},${pu},${passenger ? pu : 0},,${rated ? 1_000_000 + hint(8_000_000, h, 13) : ''},` +
    `${rated ? (hfrac(h, 14) * 1.5).toFixed(3) : ''},US,US,,,` +
    // 33–39: CARSHIP, DOCKET1PREFIX, DOCKET1, DOCKET2PREFIX, DOCKET2, DOCKET3PREFIX, DOCKET3
    `${CARSHIP[p.carship[s]].code},${d1p},${d1},${d2p},${d2},,,` +
    // 40–51: POINTNUM, TOTAL_INTRASTATE_DRIVERS, MCSIPSTEP, MCSIPDATE, HM_Ind, radius counts ×4, TOTAL_CDL, TOTAL_DRIVERS, AVG_DRIVERS_LEASED
    `,${inter ? 0 : drv},,,${kind & KIND_HM ? 'Y' : 'N'},${inter ? far : 0},${inter ? drv - far : 0},` +
    `${inter ? 0 : far},${inter ? 0 : drv - far},${pu > 0 ? Math.round(drv * 0.9) : 0},${drv},0,` +
    // 52–54: CLASSDEF, LEGAL_NAME, DBA_NAME
    `${classCell(p.classBits[s])},${q(name)},${p.dbaId[s] ? q(dbaName(p.dbaId[s], style)) : ''},` +
    // 55–60: PHY_STREET, PHY_CITY, PHY_COUNTRY, PHY_STATE, PHY_ZIP, PHY_CNTY
    `${fmt & FMT_STREET_PAD ? `"${rawStreet(str, fmt)}"` : str},${rawCity(cty, fmt)},US,${rawState(st.code, fmt)},${z},${cnty},` +
    // 61–67: CARRIER_MAILING_STREET, _STATE, _CITY, _COUNTRY, _ZIP, _CNTY, _UND_DATE
    `${mailStreet},${st.code},${cty},US,${z},${cnty},,` +
    // 68–74: DRIVER_INTER_TOTAL, EMAIL_ADDRESS, REVIEW_TYPE, REVIEW_DATE, SAFETY_RATING, SAFETY_RATING_DATE, UNDELIV_PHY
    `${inter ? drv : 0},${p.emailId[s] ? rawEmail(email(p.emailId[s]), fmt) : ''},${rated ? 'C' : ''},` +
    `${rated ? reviewDay : ''},${RATINGS[p.rating[s]]},${rated ? reviewDay : ''},N,` +
    // 75–105: CRGO_* flags, CRGO_CARGOOTHR_DESC
    `${cargoCells(cargo)},${cargo & (1 << 29) ? q(OTHER_CARGO[hint(OTHER_CARGO.length, h, 18)]) : ''},` +
    // 106–144: OWN*, TRM*, TRP* (13 each)
    `${own},${trm},,,,,,,,,,,,,` +
    // 145–147: DOCKET1_STATUS_CODE, DOCKET2_STATUS_CODE, DOCKET3_STATUS_CODE
    `,${d1s},${d2s},`
  );
}

/** Writes the whole census file for the live carriers of `p`. */
export function writeCensusFile(p: Pop, file: string): FileStat {
  const out = new Out(file);
  out.line(CENSUS_HEADER);
  for (let s = 0; s < p.n; s++) if (p.alive[s]) out.line(censusRow(p, s));
  out.close();
  return { rows: out.rows, bytes: out.bytes };
}
