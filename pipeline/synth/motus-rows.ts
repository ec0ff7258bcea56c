/**
 * A Motus-held carrier's rows in the five Motus sets (fmcsa-published-2026.md §3), as functions of
 * its state: dollars with cents (`750000.00`), dates YYYYMMDD, the DOT unpadded, dockets `MC123`
 * (some zero-padded, as real ones vary) and `MC-123` in RevokeSuspend, forms `BMC-91X`, one
 * Carrier row per operating authority with its published OP_AUTH_TYPE and status.
 */
import { STATES } from './geo.ts';
import { dollars, q } from './csv.ts';
import { ymd } from './dates.ts';
import { nameStyle } from './population.ts';
import { city, dbaName, legalName, street, zip } from './text.ts';
import { POL_BIPD, POL_BOND, POL_CARGO, POL_EXCESS, requiredBipd, type Policy } from './policies.ts';
import { REVOCATION_NOTICE_DAYS, forwarderOnly, styleOf } from './registry.ts';
import {
  AUTH_A, AUTH_I, AUTH_N, AUTH_P, KIND_HHG, KIND_PASSENGER, REG_LEGACY, REV_BROKER, REV_COMMON, brokerOf, commonOf, contractOf,
  type Pop,
} from './model.ts';

/** The docket as Motus writes it: MC and the number, zero-padded to 6 digits for some dockets. */
export const motusDocket = (p: Pop, s: number): string =>
  styleOf(p, s, 81, 20) === 0 ? `MC${String(p.mc[s]).padStart(6, '0')}` : `MC${p.mc[s]}`;
/** RevokeSuspend writes dockets hyphenated. */
export const motusDocketHyphen = (p: Pop, s: number): string => `MC-${p.mc[s]}`;

const STATUS_WORD = ['', 'Active', 'Inactive', 'Pending'];
/** Kinds of authority a Motus-held carrier can hold: its motor-carrier (or forwarder) and its broker authority. */
export const MOTUS_COMMON = 0;
const MOTUS_BROKER = 1;

/** OP_AUTH_TYPE of the carrier's authority of a kind (§3.1 gives the published names). */
function authorityType(p: Pop, s: number, kind: number): string {
  const hhg = (p.kind[s] & KIND_HHG) !== 0;
  if (kind === MOTUS_BROKER) return hhg ? 'Broker of Household Goods' : 'Broker of Property (Except Household Goods)';
  // §3.1 prints this one cut short ("Freight Forwarder of Property…"): completed like the broker's.
  if (forwarderOnly(p, s)) return hhg ? 'Freight Forwarder of Household Goods' : 'Freight Forwarder of Property (Except Household Goods)';
  if (p.kind[s] & KIND_PASSENGER) return 'Motor Carrier of Passengers';
  return hhg ? 'Motor Carrier of Household Goods' : 'Motor Carrier of Property (Except Household Goods)';
}

/**
 * The carrier's authorities held or held before (status N is none), as [kind, code]. A docket the
 * legacy archive has must keep one, or the archive's stale row would stand for it.
 */
function motusAuthorities(p: Pop, s: number): [number, number][] {
  const a = p.auth[s];
  if (contractOf(a) !== AUTH_N) throw new Error(`DOT ${p.dot[s]}: a Motus-held carrier with contract authority (registry.ts folds it)`);
  const out: [number, number][] = [];
  if (commonOf(a) !== AUTH_N) out.push([MOTUS_COMMON, commonOf(a)]);
  if (brokerOf(a) !== AUTH_N) out.push([MOTUS_BROKER, brokerOf(a)]);
  if (out.length === 0 && p.reg[s] & REG_LEGACY) throw new Error(`DOT ${p.dot[s]}: a legacy docket Motus holds without an authority`);
  return out;
}

export interface KeyedRow {
  /** The row's identity in its set (OP_AUTH_TYPE for Carrier and RevokeSuspend). */
  key: string;
  line: string;
}

/** Carrier rows, one per authority. */
export function carrierRows(p: Pop, s: number, pols: Policy[]): KeyedRow[] {
  const style = nameStyle(p, s);
  const st = STATES[p.st[s]].code;
  let bipd = 0;
  for (const x of pols) if (x.kind === POL_BIPD || x.kind === POL_EXCESS) bipd = Math.max(bipd, x.amount);
  const cargo = pols.some((x) => x.kind === POL_CARGO) ? 'Y' : 'N';
  const bond = pols.some((x) => x.kind === POL_BOND) ? 'Y' : 'N';
  const names = `${p.dbaId[s] ? q(dbaName(p.dbaId[s], style)) : ''},${q(legalName(p.nameId[s], style))}`;
  const place = `${city(p.addrId[s], p.st[s])},${st},US,${zip(p.addrId[s], p.st[s])}`;
  const address = `${q(street(p.addrId[s]))},,${place},${p.phone[s] ? p.phone[s] : ''},${q(street(p.addrId[s]))},,${place}`;
  const head = `${motusDocket(p, s)},${p.dot[s]},`;
  return motusAuthorities(p, s).map(([kind, code]) => {
    const type = authorityType(p, s, kind);
    const carrier = kind === MOTUS_COMMON;
    const required = carrier ? dollars(requiredBipd(p, s)) : '0.00';
    const cargoReq = carrier && p.kind[s] & KIND_HHG ? 'Y' : 'N';
    return {
      key: type,
      line: `${head},${q(type)},${STATUS_WORD[code]},${required},${cargoReq},${carrier ? 'N' : 'Y'},${dollars(bipd)},${cargo},${bond},Y,Y,${names},${address}`,
    };
  });
}

const FORM = ['BMC-91X', 'BMC-91X', 'BMC-34', 'BMC-84'];
const TYPE_CODE = ['1', '1', '2', '3'];
const CLASS_CODE = ['P', 'E', 'P', 'P'];
const HIST_DESC = ['BIPD', 'BIPD', 'CARGO', 'SURETY'];

/** Insur rows: the policies in force or pending (no cancellation date in this set). */
export function insurRows(p: Pop, s: number, pols: Policy[]): string[] {
  const head = `${motusDocket(p, s)},${p.dot[s]}`;
  return pols.map(
    (x) =>
      `${head},${FORM[x.kind]},${TYPE_CODE[x.kind]},${CLASS_CODE[x.kind]},${dollars(x.amount)},${dollars(x.underlying)},` +
      `${x.number},${ymd(x.effective)},${q(x.insurer)},${ymd(x.received)}`,
  );
}

/**
 * An InsHist row: a cancellation (CANCEL; in the future while it is pending) or a replacement
 * (TERM/REPL). INS_TYPE_IND is a space for BI&PD, `*` otherwise (§3.3).
 */
export function insHistRow(p: Pop, s: number, x: Policy, reason: 'CANCEL' | 'TERM/REPL', cancelled: number): string {
  const bipd = x.kind === POL_BIPD || x.kind === POL_EXCESS;
  const min = bipd ? dollars(requiredBipd(p, s)) : '0.00';
  return (
    `${motusDocket(p, s)},${p.dot[s]},${FORM[x.kind]},${reason},${TYPE_CODE[x.kind]},${bipd ? '" "' : '*'},${x.number},` +
    `${HIST_DESC[x.kind]},${min},${CLASS_CODE[x.kind]},${ymd(x.effective)},${dollars(x.underlying)},${dollars(x.amount)},` +
    `${ymd(cancelled)},${q(x.insurer)}`
  );
}

/** The pending cancellations of the carrier's policies. */
export const cancellationRows = (p: Pop, s: number, pols: Policy[]): string[] =>
  pols.filter((x) => x.cancel).map((x) => insHistRow(p, s, x, 'CANCEL', x.cancel));

/**
 * AuthHist rows: the status changes of each authority, back-history included (§3.4): a grant, a
 * revocation, a reinstatement; an application is pending from the day it was published. The
 * state keeps the latest revocation and reinstatement; an earlier revocation is placed a month
 * before the reinstatement. REASON is in title or upper case, per carrier, as both are real.
 */
export function authHistRows(p: Pop, s: number): string[] {
  const upper = styleOf(p, s, 82, 2) === 0;
  const word = (w: string) => (upper ? w.toUpperCase() : w);
  const out: string[] = [];
  const days = [[p.gC, p.rC, p.eC], [p.gB, p.rB, p.eB]];
  for (const [kind, code] of motusAuthorities(p, s)) {
    const [G, R, E] = days[kind];
    const [g, r, e] = [G[s], R[s], E[s]];
    const head = `${motusDocket(p, s)},${p.dot[s]},${q(authorityType(p, s, kind))}`;
    const row = (status: number, reason: string, day: number) => out.push(`${head},${STATUS_WORD[status]},${reason},${ymd(day)}`);
    if (code === AUTH_P) {
      row(AUTH_P, word('Published to FMCSA Register'), g);
      continue;
    }
    row(AUTH_A, word('Granted'), g);
    if (r) {
      row(AUTH_I, word('Revoked'), e && e < r ? e : Math.max(g + 1, r - 30));
      row(AUTH_A, word('Reinstated'), r);
      if (code === AUTH_I && e > r) row(AUTH_I, word('Revoked'), e);
    } else if (code === AUTH_I && e) row(AUTH_I, word('Revoked'), e);
  }
  return out;
}

/** ORDER1_TYPE_DESC of an involuntary order (§3.5: the value 8,680 real rows carry). */
const ORDER_TYPE = 'Operating Authority Involuntary Suspension Notice';

export interface OrderRow extends KeyedRow {
  /** MOTUS_COMMON or MOTUS_BROKER: the authority the order is against. */
  kind: number;
}

/** A RevokeSuspend order, served `served`, effective REVOCATION_NOTICE_DAYS later. */
function orderRow(p: Pop, s: number, kind: number, served: number): OrderRow {
  const type = authorityType(p, s, kind);
  const line = `${motusDocketHyphen(p, s)},${p.dot[s]},${q(type)},${ymd(served)},${ORDER_TYPE},${ymd(served + REVOCATION_NOTICE_DAYS)}`;
  return { key: type, kind, line };
}

/** The pending orders (effective after today: the snapshot's revocation_pending). */
export function pendingOrderRows(p: Pop, s: number): OrderRow[] {
  const out: OrderRow[] = [];
  if (p.revPend[s] & REV_COMMON) out.push(orderRow(p, s, MOTUS_COMMON, p.revDay[s]));
  if (p.revPend[s] & REV_BROKER) out.push(orderRow(p, s, MOTUS_BROKER, p.revDay[s]));
  return out;
}

/** Orders that took effect after the cutover (history the All-With-History set holds). */
export function executedOrderRows(p: Pop, s: number, cutover: number): OrderRow[] {
  const out: OrderRow[] = [];
  for (const [kind, code] of motusAuthorities(p, s)) {
    const e = kind === MOTUS_COMMON ? p.eC[s] : p.eB[s];
    if (code === AUTH_I && e > cutover) out.push(orderRow(p, s, kind, e - REVOCATION_NOTICE_DAYS));
  }
  return out;
}
