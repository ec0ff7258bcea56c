/**
 * Text values as pure functions of integer ids, their raw (formatted) variants as written to the
 * files, and the normalisations of lib/snapshot.ts that turn raw values into snapshot values.
 *
 * Uniqueness by construction: officers, streets, phones and e-mails come from bijections of their
 * ids, so two carriers share one of these only when a cluster was planted on purpose (clusters.ts).
 * Legal and DBA names may collide, as real ones do.
 */
import { hash32, hint } from './rng.ts';
import { STATES } from './geo.ts';
import {
  ADJECTIVES, BIZ_WORDS, BROKER_WORDS, COMMON_SURNAMES, COMPANY_SUFFIXES, EMAIL_DOMAINS, EMAIL_WORDS,
  FIRST_NAMES, NOUNS, PASSENGER_WORDS, SHIPPER_WORDS, STREET_NAMES, STREET_SUFFIXES, SURNAME_HEADS,
  SURNAME_TAILS,
} from './words.ts';
import {
  FMT_CITY_LOWER, FMT_EMAIL_UPPER, FMT_OFFICER_LOWER, FMT_PHONE_MASK, FMT_STATE_LOWER, FMT_STREET_PAD,
} from './model.ts';

const uniq = (a: readonly string[]): string[] => Array.from(new Set(a));
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** A multiplier coprime with `space`, so x → (x·m + c) mod space is a bijection. */
function coprime(space: number, start: number): number {
  let m = start % space;
  while (gcd(m, space) !== 1) m++;
  return m;
}

// --- surnames and people ------------------------------------------------------------------------

const RARE_SURNAMES = SURNAME_HEADS.flatMap((h) => SURNAME_TAILS.map((t) => h + t));
/** All surnames: common ones first, then the composed rarer ones. */
const SURNAMES = uniq([...COMMON_SURNAMES, ...RARE_SURNAMES]);
const FIRSTS = uniq(FIRST_NAMES);

/** A surname: common names half of the time, otherwise a rarer composed one. */
function surname(h: number): string {
  return (h & 1) === 0
    ? COMMON_SURNAMES[(h >>> 1) % COMMON_SURNAMES.length]
    : RARE_SURNAMES[(h >>> 1) % RARE_SURNAMES.length];
}

const OFFICER_SPACE = FIRSTS.length * 27 * SURNAMES.length;
const OFFICER_MUL = coprime(OFFICER_SPACE, 7_368_787);

/** Officer name ("FIRST M LAST"), distinct for distinct ids below OFFICER_SPACE (~12M). */
export function officerName(id: number): string {
  const k = (id * OFFICER_MUL + 12_345) % OFFICER_SPACE;
  const first = FIRSTS[k % FIRSTS.length];
  const r = Math.floor(k / FIRSTS.length);
  const mi = r % 27;
  const last = SURNAMES[Math.floor(r / 27)];
  return mi === 0 ? `${first} ${last}` : `${first} ${String.fromCharCode(64 + mi)} ${last}`;
}

// --- company names ------------------------------------------------------------------------------

export const STYLE_CARRIER = 0;
export const STYLE_BROKER = 1;
export const STYLE_SHIPPER = 2;
export const STYLE_PASSENGER = 3;

const pickH = (arr: readonly string[], h: number, salt: number): string => arr[hint(arr.length, h, salt)];

function bizWord(style: number, h: number, salt: number): string {
  if (style === STYLE_BROKER) return pickH(BROKER_WORDS, h, salt);
  if (style === STYLE_SHIPPER) return pickH(SHIPPER_WORDS, h, salt);
  if (style === STYLE_PASSENGER) return pickH(PASSENGER_WORDS, h, salt);
  return pickH(BIZ_WORDS, h, salt);
}

/** Legal name for a name id; `style` picks the vocabulary (carrier, broker, shipper, passenger). */
export function legalName(id: number, style: number): string {
  const h = hash32(id, 0x1e9a1);
  const pat = h % 100;
  const sfx = pickH(COMPANY_SUFFIXES, h, 1);
  const biz = bizWord(style, h, 2);
  const sur = surname(hash32(h, 3));
  if (pat < 30) return `${sur} ${biz} ${sfx}`;
  if (pat < 44 && style === STYLE_CARRIER) {
    // Sole proprietors register under their own name.
    const first = pickH(FIRSTS, h, 4);
    const mi = hint(27, h, 5);
    return mi === 0 ? `${first} ${sur}` : `${first} ${String.fromCharCode(64 + mi)} ${sur}`;
  }
  if (pat < 60) return `${pickH(ADJECTIVES, h, 6)} ${pickH(NOUNS, h, 7)} ${biz} ${sfx}`;
  if (pat < 70) {
    const a = String.fromCharCode(65 + hint(26, h, 8));
    const b = String.fromCharCode(65 + hint(26, h, 9));
    return hint(2, h, 10) === 0 ? `${a} & ${b} ${biz} ${sfx}` : `${a}${b}${String.fromCharCode(65 + hint(26, h, 11))} ${biz} ${sfx}`;
  }
  if (pat < 78) return `${sur} ${hint(2, h, 12) === 0 ? '& SONS' : 'BROTHERS'} ${biz} ${sfx}`;
  if (pat < 88) return `${pickH(ADJECTIVES, h, 13)} ${biz}`;
  if (pat < 89) return `${sur}, ${surname(hash32(h, 14))} & ${surname(hash32(h, 15))} ${sfx}`; // comma: CSV quoting
  return `${sur} ${biz} & ${bizWord(style, h, 16)} ${sfx}`;
}

/** DBA name for a dba id (the carrier's trade name). */
export function dbaName(id: number, style: number): string {
  const h = hash32(id, 0xdba);
  const pat = h % 100;
  const biz = bizWord(style, h, 1);
  if (pat < 45) return `${pickH(ADJECTIVES, h, 2)} ${pickH(NOUNS, h, 3)} ${biz}`;
  if (pat < 80) return `${surname(hash32(h, 4))} ${biz}`;
  if (pat < 97) return `${pickH(ADJECTIVES, h, 5)} ${biz}`;
  return `"${pickH(NOUNS, h, 6)}" ${biz}`; // embedded quotes: CSV escaping
}

// --- addresses ----------------------------------------------------------------------------------

const S_NAMES = uniq(STREET_NAMES);
const S_SUFFIXES = uniq(STREET_SUFFIXES);
const S_DIRS = ['', 'N ', 'S ', 'E ', 'W '];
const HOUSES = 19_999;
const STREET_SPACE = HOUSES * S_DIRS.length * S_NAMES.length * S_SUFFIXES.length;
const STREET_MUL = coprime(STREET_SPACE, 48_271_003);

/** Street line, distinct for distinct address ids. */
export function street(addrId: number): string {
  const k = (addrId * STREET_MUL + 99_991) % STREET_SPACE;
  const house = 1 + (k % HOUSES);
  let r = Math.floor(k / HOUSES);
  const dir = S_DIRS[r % S_DIRS.length];
  r = Math.floor(r / S_DIRS.length);
  const name = S_NAMES[r % S_NAMES.length];
  const sfx = S_SUFFIXES[Math.floor(r / S_NAMES.length)];
  return `${house} ${dir}${name} ${sfx}`;
}

export function city(addrId: number, st: number): string {
  const c = STATES[st].cities;
  return c[hint(c.length, addrId, 0xc17)];
}

export function zip(addrId: number, st: number): string {
  const [lo, hi] = STATES[st].zip3;
  const z3 = lo + hint(hi - lo + 1, addrId, 0x21b);
  return String(z3).padStart(3, '0') + String(hint(100, addrId, 0x21c)).padStart(2, '0');
}

export function county(addrId: number): string {
  return String(1 + 2 * hint(100, addrId, 0xc0)).padStart(3, '0');
}

// --- phones and e-mail --------------------------------------------------------------------------

const PHONE_SPACE = 8_000_000; // NXX 200-999 × XXXX
const PHONE_MUL = coprime(PHONE_SPACE, 3_141_593);

/** A 10-digit phone number in the state's area codes, distinct for distinct serials. */
export function phoneFor(serial: number, st: number): number {
  const codes = STATES[st].areaCodes;
  const area = codes[hint(codes.length, serial, 0xa4ea)];
  const k = (serial * PHONE_MUL + 777) % PHONE_SPACE;
  return area * 10_000_000 + (200 + Math.floor(k / 10_000)) * 10_000 + (k % 10_000);
}

/** Canonical (lower-case) e-mail for an e-mail id; the id is in the local part, so it is unique. */
export function email(id: number): string {
  const h = hash32(id, 0xe3a1);
  const dom = EMAIL_DOMAINS[h % EMAIL_DOMAINS.length];
  const local =
    (h >>> 8) % 3 === 0 ? surname(hash32(h, 1)).toLowerCase() : EMAIL_WORDS[(h >>> 10) % EMAIL_WORDS.length];
  return `${local}${id}@${dom}`;
}

// --- raw variants (what the files hold) ---------------------------------------------------------

export function rawPhone(phone: number, fmt: number): string {
  if (phone === 0) return '';
  const d = String(phone);
  switch (fmt & FMT_PHONE_MASK) {
    case 1:
      return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
    case 2:
      return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
    case 3:
      return `+1 ${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
    default:
      return d;
  }
}
export const rawCity = (c: string, fmt: number): string => (fmt & FMT_CITY_LOWER ? c.toLowerCase() : c);
export const rawState = (s: string, fmt: number): string => (fmt & FMT_STATE_LOWER ? s.toLowerCase() : s);
export const rawStreet = (s: string, fmt: number): string => (fmt & FMT_STREET_PAD ? `  ${s} ` : s);
export const rawEmail = (e: string, fmt: number): string => (fmt & FMT_EMAIL_UPPER ? e.toUpperCase() : e);
export const rawOfficer = (o: string, fmt: number): string => (fmt & FMT_OFFICER_LOWER ? o.toLowerCase() : o);

// --- normalisation (lib/snapshot.ts) ------------------------------------------------------------

/** phone = digits only, a leading US country code 1 dropped when 11 digits. */
export function normPhone(raw: string): string {
  const d = raw.replace(/\D/g, '');
  return d.length === 11 && d[0] === '1' ? d.slice(1) : d;
}
export const normUpper = (raw: string): string => raw.trim().toUpperCase();
export const normLower = (raw: string): string => raw.trim().toLowerCase();
export const normTrim = (raw: string): string => raw.trim();
