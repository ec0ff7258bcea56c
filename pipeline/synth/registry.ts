/**
 * Where a carrier's registration facts (authority, insurance, revocation orders) are published.
 *
 * FMCSA froze the legacy L&I datasets at the Motus cutover; since then registration changes exist
 * only in the Motus sets, which hold the entities touched since (fmcsa-published-2026.md §0.2-0.3).
 * A carrier with a docket is therefore one of:
 * - legacy-held (REG_LEGACY): every registration fact predates the cutover, and the frozen archive
 *   states it exactly;
 * - Motus-held with a legacy past (REG_LEGACY | REG_MOTUS): Motus holds its current facts, the
 *   archive its facts as they stood at the cutover (stale: the pipeline must prefer Motus);
 * - Motus-only (REG_MOTUS): its docket was registered after the cutover.
 *
 * Invariants the writers and derive.ts rely on:
 * - a legacy-held carrier's registration state never changes: the first change makes it
 *   Motus-held (makeMotus), so until then its state is what the archive says;
 * - a legacy-held carrier has no fact dated after the cutover, no pending revocation order, no
 *   pending cancellation and no pending application (settleRegistration);
 * - a Motus-held carrier has no contract authority (Motus does not tell contract from common
 *   carriage: fold); one with a legacy past keeps at least one authority, so Motus Carrier holds
 *   its docket for the DOT, and an InsHist row for each legacy policy no longer in force, so Motus
 *   holds it for insurance too (write-motus.ts).
 */
import { hint } from './rng.ts';
import {
  AUTH_A, AUTH_I, AUTH_N, AUTH_P, AUTH_RANK, CARSHIP_HAS, REG_LEGACY, REG_MOTUS, REV_COMMON, REV_CONTRACT,
  brokerOf, commonOf, contractOf, packAuth, type Pop,
} from './model.ts';

/** Days before the first day at which the cutover lies when FMCSA's date is not before it. */
const CUTOVER_LEAD_DAYS = 120;

/** The cutover day: FMCSA's freeze date, or CUTOVER_LEAD_DAYS before a run that starts earlier. */
export function cutoverDay(frozenOn: number, startDay: number): number {
  return Math.min(frozenOn, startDay - CUTOVER_LEAD_DAYS);
}

export const isLegacyHeld = (p: Pop, s: number): boolean => p.mc[s] !== 0 && p.reg[s] === REG_LEGACY;
export const isMotusHeld = (p: Pop, s: number): boolean => p.mc[s] !== 0 && (p.reg[s] & REG_MOTUS) !== 0;

/**
 * A freight forwarder that is not also a carrier: its Motus authority is a freight-forwarder one,
 * which the snapshot counts as common authority.
 */
export const forwarderOnly = (p: Pop, s: number): boolean =>
  CARSHIP_HAS(p.carship[s], 'F') && !CARSHIP_HAS(p.carship[s], 'C');

/**
 * Contract authority into common: Motus has one motor-carrier authority where the legacy archive
 * had common and contract. The better of the two stands (with its dates); a pending contract
 * revocation becomes a pending revocation of that authority.
 */
export function fold(p: Pop, s: number): void {
  const a = p.auth[s];
  let common = commonOf(a);
  const contract = contractOf(a);
  if (contract !== AUTH_N && AUTH_RANK[contract] > AUTH_RANK[common]) {
    common = contract;
    p.gC[s] = p.gK[s];
    p.rC[s] = p.rK[s];
    p.eC[s] = p.eK[s];
  }
  p.gK[s] = p.rK[s] = p.eK[s] = 0;
  p.auth[s] = packAuth(common, AUTH_N, brokerOf(a));
  if (p.revPend[s] & REV_CONTRACT) p.revPend[s] = (p.revPend[s] & ~REV_CONTRACT) | REV_COMMON;
}

/** A registration change: from now on Motus holds the carrier's facts. */
export function makeMotus(p: Pop, s: number): void {
  if (p.mc[s] === 0 || p.reg[s] & REG_MOTUS) return;
  p.reg[s] |= REG_MOTUS;
  fold(p, s);
}

/**
 * Whether makeMotus would change what the snapshot derives for the carrier's authority: the
 * contract authority it folds is better than its common one. Edge cases that must change one category only avoid these.
 */
export function motusShifts(p: Pop, s: number): boolean {
  if (p.mc[s] === 0 || p.reg[s] & REG_MOTUS) return false;
  const common = commonOf(p.auth[s]);
  const contract = contractOf(p.auth[s]);
  return contract !== AUTH_N && AUTH_RANK[contract] > AUTH_RANK[common];
}

/** Whether any registration fact of the carrier is dated after `cutover` or is pending. */
export function hasFactAfter(p: Pop, s: number, cutover: number): boolean {
  const a = p.auth[s];
  if (commonOf(a) === AUTH_P || contractOf(a) === AUTH_P || brokerOf(a) === AUTH_P) return true;
  if (p.revPend[s] || p.bipdCan[s] || p.cargoCan[s]) return true;
  for (const d of [p.gC, p.gK, p.gB, p.rC, p.rK, p.rB, p.eC, p.eK, p.eB]) if (d[s] > cutover) return true;
  return (p.bipd[s] > 0 && p.bipdEff[s] > cutover) || (p.cargo[s] > 0 && p.cargoEff[s] > cutover) || (p.bond[s] > 0 && p.bondEff[s] > cutover);
}

/**
 * Settles where a carrier of the first day's population is held: a docket registered after the
 * cutover is Motus-only; a legacy docket with a fact after the cutover is Motus-held (folded).
 */
export function settleRegistration(p: Pop, s: number, cutover: number): void {
  if (p.mc[s] === 0) {
    p.reg[s] = 0;
    return;
  }
  if (!(p.reg[s] & REG_LEGACY)) p.reg[s] = REG_MOTUS;
  else if (hasFactAfter(p, s, cutover)) p.reg[s] |= REG_MOTUS;
}

/** An authority as the legacy archive states it at the cutover. */
export interface LegacyAuthority {
  /** AUTH_*: AUTH_P is N with the application pending (*_APP_PEND = Y). */
  code: number;
  granted: number;
  reinstated: number;
  ended: number;
  /** A revocation letter served before the cutover took effect after it: *_REV_PEND = Y then. */
  revocationPending: boolean;
}

/** Days an application filed before the cutover and granted after it was pending at the cutover. */
const PENDING_AT_CUTOVER_DAYS = 60;
/** Days between a revocation letter and the revocation taking effect. */
export const REVOCATION_NOTICE_DAYS = 30;

/**
 * One authority (code and its granted / reinstated / ended days) as it stood at `cutover`. The
 * state keeps the latest reinstatement and the latest end, so the later of those on or before
 * the cutover decides; a grant after it was an application then, or nothing.
 */
function authorityAt(code: number, g: number, r: number, e: number, cutover: number): LegacyAuthority {
  const none: LegacyAuthority = { code: AUTH_N, granted: 0, reinstated: 0, ended: 0, revocationPending: false };
  if (code === AUTH_N || code === AUTH_P) return none;
  if (g === 0 || g > cutover) return g && g - cutover <= PENDING_AT_CUTOVER_DAYS ? { ...none, code: AUTH_P } : none;
  const rAt = r && r <= cutover ? r : 0;
  const eAt = e && e <= cutover ? e : 0;
  const at = eAt > rAt ? AUTH_I : AUTH_A;
  const revocationPending = at === AUTH_A && code === AUTH_I && e > cutover && e - REVOCATION_NOTICE_DAYS <= cutover;
  return { code: at, granted: g, reinstated: rAt, ended: eAt, revocationPending };
}

/** The legacy archive's common, contract and broker authority of a carrier. */
export function legacyAuthorities(p: Pop, s: number, cutover: number): [LegacyAuthority, LegacyAuthority, LegacyAuthority] {
  const a = p.auth[s];
  return [
    authorityAt(commonOf(a), p.gC[s], p.rC[s], p.eC[s], cutover),
    authorityAt(contractOf(a), p.gK[s], p.rK[s], p.eK[s], cutover),
    authorityAt(brokerOf(a), p.gB[s], p.rB[s], p.eB[s], cutover),
  ];
}

/** A stable per-carrier choice in [0, n) for how a value is written (not what it is). */
export const styleOf = (p: Pop, s: number, salt: number, n: number): number => hint(n, p.seed[s], salt);
