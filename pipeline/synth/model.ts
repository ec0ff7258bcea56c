/**
 * The generator's per-carrier state: one typed array per attribute, indexed by slot (slot order =
 * DOT order, new carriers are appended with higher DOTs). Strings are never stored: names,
 * streets, e-mails and officers are pure functions of integer ids (text.ts), so a full-scale
 * population stays small and a clone for the day-over-day diff is a memcpy.
 */

const SPEC = {
  dot: Uint32Array,
  alive: Uint8Array,
  /** Member of a planted cluster: never removed, and its shared identifiers never mutate. */
  prot: Uint8Array,
  /** Census STATUS_CODE: STATUS_A, STATUS_I or STATUS_P. */
  status: Uint8Array,
  /** REG_* bits: where the carrier's registration facts are published (registry.ts). */
  reg: Uint8Array,
  /** Index into CARSHIP. */
  carship: Uint8Array,
  /** KIND_* bits. */
  kind: Uint8Array,
  /** FMT_* bits: formatting variants that must normalise to the same snapshot values. */
  fmt: Uint16Array,
  nameId: Uint32Array,
  dbaId: Uint32Array,
  off1: Uint32Array,
  off2: Uint32Array,
  addrId: Uint32Array,
  st: Uint8Array,
  /** 10-digit phone as a number; 0 = none. */
  phone: Float64Array,
  emailId: Uint32Array,
  pu: Int32Array,
  drv: Int32Array,
  /** MC docket number; 0 = no docket (then the carrier is absent from every L&I file). */
  mc: Uint32Array,
  /** An FF docket written as DOCKET1 in the census (the MC then sits in DOCKET2); 0 = none. */
  ff: Uint32Array,
  /**
   * AUTH_* codes of common (bits 0-1), contract (2-3), broker (4-5). A Motus-held carrier has no
   * contract authority: Motus does not tell it from common carriage (registry.ts folds it).
   */
  auth: Uint8Array,
  /** REV_* bits: *_rev_pend = Y. */
  revPend: Uint8Array,
  revDay: Uint16Array,
  /**
   * Authority day numbers per kind (C common, K contract, B broker): granted (for a pending
   * authority: applied), reinstated, ended.
   */
  gC: Uint16Array,
  gK: Uint16Array,
  gB: Uint16Array,
  rC: Uint16Array,
  rK: Uint16Array,
  rB: Uint16Array,
  eC: Uint16Array,
  eK: Uint16Array,
  eB: Uint16Array,
  addDay: Uint16Array,
  mcsDay: Uint16Array,
  /** Insurance amounts in thousands of dollars; 0 = no such policy. */
  bipd: Uint16Array,
  bipdXs: Uint16Array,
  cargo: Uint16Array,
  bond: Uint16Array,
  polSeed: Uint32Array,
  bipdEff: Uint16Array,
  cargoEff: Uint16Array,
  bondEff: Uint16Array,
  /** Pending cancellation day (future); the policy lapses on that day. 0 = none. */
  bipdCan: Uint16Array,
  cargoCan: Uint16Array,
  /** 24-month inspection counts (SMS AB Pass) and hazmat inspection counts (rows of sms_inspection). */
  dI: Int32Array,
  dO: Int32Array,
  vI: Int32Array,
  vO: Int32Array,
  hI: Int32Array,
  hO: Int32Array,
  /** Crash rows: total, fatal (first crF rows), injury-only (next crInj rows). */
  cr: Int32Array,
  crF: Int32Array,
  crInj: Int32Array,
  cargoBits: Uint32Array,
  classBits: Uint16Array,
  /** Index into RATINGS. */
  rating: Uint8Array,
  /** Stable per-carrier seed for columns that are derived, not stored (mileage, DUNS, BASICs). */
  seed: Uint32Array,
} as const;

type Arrays = { -readonly [K in keyof typeof SPEC]: InstanceType<(typeof SPEC)[K]> };
export type Pop = Arrays & { cap: number; n: number };
const KEYS = Object.keys(SPEC) as (keyof typeof SPEC)[];

/**
 * A population of capacity `cap`. With `shared`, the arrays live on SharedArrayBuffers so a
 * writer thread can read them without copying (popFromBuffers).
 */
export function allocPop(cap: number, shared = false): Pop {
  const p = { cap, n: 0 } as Pop;
  for (const k of KEYS) {
    const T = SPEC[k] as unknown as TypedCtor;
    (p as Record<string, unknown>)[k] = shared ? new T(new SharedArrayBuffer(cap * T.BYTES_PER_ELEMENT)) : new T(cap);
  }
  return p;
}

type TypedCtor = { new (arg: number | ArrayBufferLike): unknown; BYTES_PER_ELEMENT: number };

/** The shared buffers of a population allocated with `shared`. */
export function popBuffers(p: Pop): Record<string, SharedArrayBuffer> {
  const out: Record<string, SharedArrayBuffer> = {};
  for (const k of KEYS) {
    const b = p[k].buffer;
    if (!(b instanceof SharedArrayBuffer)) throw new Error('population is not shared');
    out[k] = b;
  }
  return out;
}

/** A view of a shared population (in a worker thread). */
export function popFromBuffers(buffers: Record<string, SharedArrayBuffer>, cap: number): Pop {
  const p = { cap, n: 0 } as Pop;
  for (const k of KEYS) (p as Record<string, unknown>)[k] = new (SPEC[k] as unknown as TypedCtor)(buffers[k]);
  return p;
}

/** A copy of the live part of the state (the previous day, for the diff). */
export function clonePop(src: Pop): Pop {
  const p = { cap: src.n, n: src.n } as Pop;
  for (const k of KEYS) (p as Record<string, unknown>)[k] = src[k].slice(0, src.n);
  return p;
}

/** Bytes held by a population's arrays. */
export function popBytes(p: Pop): number {
  let b = 0;
  for (const k of KEYS) b += p[k].byteLength;
  return b;
}

// --- entity types -------------------------------------------------------------------------------

/** CARSHIP values as written, with sampling weights (percent). 'B;C' tests the priority rule. */
export const CARSHIP = [
  { code: 'C', w: 75 },
  { code: 'C;B', w: 2.4 },
  { code: 'C;S', w: 2.4 },
  { code: 'B;C', w: 0.2 },
  { code: 'B', w: 7.5 },
  { code: 'B;F', w: 0.5 },
  { code: 'S', w: 6 },
  { code: 'F', w: 1 },
  { code: 'R', w: 3.5 },
  { code: 'I', w: 0.8 },
  { code: 'T', w: 0.5 },
] as const;

/** Entity codes of each CARSHIP value as bits (index in 'CBFSRIT'), precomputed for hot loops. */
const CARSHIP_BITS = CARSHIP.map((c) => c.code.split(';').reduce((b, x) => b | (1 << 'CBFSRIT'.indexOf(x)), 0));
export const CARSHIP_HAS = (ix: number, code: string): boolean => (CARSHIP_BITS[ix] & (1 << 'CBFSRIT'.indexOf(code))) !== 0;
export const HAS_C = 1;
export const HAS_B = 2;
export const HAS_F = 4;
export const HAS_S = 8;
/** Bits of HAS_* for a CARSHIP index. */
export const carshipBits = (ix: number): number => CARSHIP_BITS[ix];

// --- bit sets -----------------------------------------------------------------------------------

export const KIND_HM = 1;
export const KIND_PASSENGER = 2;
export const KIND_HHG = 4;
/** CARRIER_OPERATION A (interstate); otherwise B (intrastate hazmat) or C. */
export const KIND_INTERSTATE = 8;

export const FMT_PHONE_MASK = 3; // 0 digits, 1 (402) 895-2400, 2 402-895-2400, 3 +1 402.895.2400
export const FMT_CITY_LOWER = 4;
export const FMT_STATE_LOWER = 8;
export const FMT_STREET_PAD = 16;
export const FMT_EMAIL_UPPER = 32;
export const FMT_OFFICER_LOWER = 64;
/** Census DOCKET1 written with leading zeros ("000045"). */
export const FMT_MC_ZEROS = 128;
/** Census row without its docket (mc_number must then come from the L&I docket). */
export const FMT_CENSUS_NO_DOCKET = 256;
/** MCS150_DATE written as 'YYYYMMDD HHMM'. */
export const FMT_MCS_TIME = 512;

export const STATUS_I = 0;
export const STATUS_A = 1;
/** Census STATUS_CODE P: registration pending. */
export const STATUS_P = 2;
export const STATUS_CODE = ['I', 'A', 'P'] as const;
export const CARRIER_STATUS = ['INACTIVE', 'ACTIVE', 'PENDING'] as const;

/** The carrier has a row in the frozen legacy L&I archive (its docket predates the cutover). */
export const REG_LEGACY = 1;
/** Motus holds the carrier's registration: its current facts are in the Motus sets. */
export const REG_MOTUS = 2;

export const AUTH_N = 0;
export const AUTH_A = 1;
export const AUTH_I = 2;
/** An application pending (legacy: N with *_APP_PEND = Y; Motus: Pending). */
export const AUTH_P = 3;
export const AUTH_STATUS = ['NONE', 'ACTIVE', 'INACTIVE', 'PENDING'] as const;
/** Standing of a status, as the snapshot ranks a carrier's authorities: ACTIVE > PENDING > INACTIVE > NONE. */
export const AUTH_RANK = [1, 4, 2, 3] as const;
export const commonOf = (a: number): number => a & 3;
export const contractOf = (a: number): number => (a >> 2) & 3;
export const brokerOf = (a: number): number => (a >> 4) & 3;
export const packAuth = (common: number, contract: number, broker: number): number =>
  common | (contract << 2) | (broker << 4);

/** Pending revocation orders by authority kind (only Motus-held carriers have them). */
export const REV_COMMON = 1;
export const REV_CONTRACT = 2;
export const REV_BROKER = 4;

export const RATINGS = ['', 'S', 'C', 'U'] as const;

/** CRGO_* column suffixes in file order (fmcsa-data §1.2 columns 75–104). */
export const CARGO_COLUMNS = [
  'GENFREIGHT', 'HOUSEHOLD', 'METALSHEET', 'MOTOVEH', 'DRIVETOW', 'LOGPOLE', 'BLDGMAT', 'MOBILEHOME',
  'MACHLRG', 'PRODUCE', 'LIQGAS', 'INTERMODAL', 'PASSENGERS', 'OILFIELD', 'LIVESTOCK', 'GRAINFEED',
  'COALCOKE', 'MEAT', 'GARBAGE', 'USMAIL', 'CHEM', 'DRYBULK', 'COLDFOOD', 'BEVERAGES', 'PAPERPROD',
  'UTILITY', 'FARMSUPP', 'CONSTRUCT', 'WATERWELL', 'CARGOOTHR',
] as const;
export const cargoBit = (name: (typeof CARGO_COLUMNS)[number]): number => 1 << CARGO_COLUMNS.indexOf(name);

/** CLASSDEF tokens in the order the census writes them. */
export const CLASSDEF = [
  'PRIVATE PROPERTY',
  'PRIVATE PASSENGER, BUSINESS',
  'PRIVATE PASSENGER, NON-BUSINESS',
  'AUTHORIZED FOR HIRE',
  'EXEMPT FOR HIRE',
  'MIGRANT',
  'U. S. MAIL',
  'FEDERAL GOVERNMENT',
  'STATE GOVERNMENT',
  'LOCAL GOVERNMENT',
  'INDIAN TRIBE',
  'OTHER',
] as const;
export const classBit = (name: (typeof CLASSDEF)[number]): number => 1 << CLASSDEF.indexOf(name);
