/**
 * The frozen legacy L&I archives as Socrata `rows.csv` exports (fmcsa-published-2026.md §2.2,
 * §4): Carrier 6eyk-hxee, ActPendInsur qh9u-swkp, AuthHist 9mw4-x3tu, Revocation sa6p-acbp. They
 * state every docket registered before the cutover as it stood then (registry.ts): DOT zero-padded
 * to 8 digits, dockets MC + 6 digits, dates MM/DD/YYYY, amounts in thousands (Carrier's
 * zero-filled to 5), CARGO_FILE / BOND_FILE Y/N. Written once, on the first day; later day folders
 * hold the same bytes, as FMCSA re-uploads the frozen files every day.
 */
import path from 'node:path';
import { hint } from './rng.ts';
import { STATES } from './geo.ts';
import { Out, amount5, docket, dot8, q, type FileStat } from './csv.ts';
import { mdy } from './dates.ts';
import { nameStyle } from './population.ts';
import { city, dbaName, legalName, street, zip } from './text.ts';
import { LEGACY_ACTPENDINS_COLUMNS, LEGACY_AUTHHIST_COLUMNS, LEGACY_CARRIER_COLUMNS, LEGACY_FILES, LEGACY_REVOCATION_COLUMNS } from './published-columns.ts';
import { POL_BIPD, POL_BOND, POL_CARGO, POL_EXCESS, policiesAt, requiredBipd, type Policy } from './policies.ts';
import { REVOCATION_NOTICE_DAYS, legacyAuthorities, type LegacyAuthority } from './registry.ts';
import { AUTH_A, AUTH_I, AUTH_N, AUTH_P, HAS_B, HAS_C, HAS_F, KIND_HHG, KIND_PASSENGER, REG_LEGACY, carshipBits, type Pop } from './model.ts';

/** Revocations that took effect longer before the cutover than this are no longer listed. */
const REVOCATION_LIST_DAYS = 730;

const yn = (b: boolean | number) => (b ? 'Y' : 'N');
const STAT = ['N', 'A', 'I', 'N'] as const;
const FORM = ['91X', '91X', '34', '84'];
const TYPE_DESC = ['BIPD/Primary', 'BIPD/Excess', 'CARGO', 'SURETY'];
const KIND_NAMES = ['COMMON', 'CONTRACT', 'BROKER'] as const;

function carrierRow(p: Pop, s: number, auth: LegacyAuthority[], pols: Policy[]): string {
  const bits = carshipBits(p.carship[s]);
  const k = p.kind[s];
  const carrierSide = (bits & (HAS_C | HAS_F)) !== 0;
  const style = nameStyle(p, s);
  const st = STATES[p.st[s]].code;
  let bipd = 0;
  for (const x of pols) if (x.kind === POL_BIPD || x.kind === POL_EXCESS) bipd = Math.max(bipd, x.amount);
  const addr = `${q(street(p.addrId[s]))},,${city(p.addrId[s], p.st[s])},${st},US,${zip(p.addrId[s], p.st[s])}`;
  const phone = p.phone[s] ? String(p.phone[s]) : '';
  const [c, ct, b] = auth;
  return (
    `${docket('MC', p.mc[s])},${dot8(p.dot[s])},,,${STAT[c.code]},${STAT[ct.code]},${STAT[b.code]},` +
    `${yn(c.code === AUTH_P)},${yn(ct.code === AUTH_P)},${yn(b.code === AUTH_P)},` +
    `${yn(c.revocationPending)},${yn(ct.revocationPending)},${yn(b.revocationPending)},` +
    `${yn(carrierSide && !(k & KIND_PASSENGER))},${yn(k & KIND_PASSENGER)},${yn(k & KIND_HHG)},N,N,` +
    `${amount5(requiredBipd(p, s))},${yn(k & KIND_HHG)},${yn(b.code !== AUTH_N || (bits & HAS_B) !== 0)},` +
    `${amount5(bipd)},${yn(pols.some((x) => x.kind === POL_CARGO))},${yn(pols.some((x) => x.kind === POL_BOND))},` +
    // UNDELIVERABLE_MAIL: Y in most real rows ("Y = Deliverable" per the Motus description, §0.13).
    `${hint(50, p.seed[s], 61) === 0 ? 'N' : 'Y'},` +
    `${p.dbaId[s] ? q(dbaName(p.dbaId[s], style)) : ''},${q(legalName(p.nameId[s], style))},${addr},${phone},,${addr},${phone},`
  );
}

function insuranceRow(p: Pop, s: number, x: Policy): string {
  return (
    `${docket('MC', p.mc[s])},${dot8(p.dot[s])},${FORM[x.kind]},${TYPE_DESC[x.kind]},${q(x.insurer)},${x.number},` +
    `${mdy(x.received)},${x.underlying},${x.amount},${mdy(x.effective)},${x.cancel ? mdy(x.cancel) : ''}`
  );
}

/** The authority type as the legacy AuthHist names it ([U]: seen in test rows only, §4.3). */
function authorityType(p: Pop, s: number, kind: number): string {
  if (kind === 2) return 'PROPERTY BROKER';
  const what = p.kind[s] & KIND_PASSENGER ? 'PASSENGER' : 'PROPERTY';
  return `MOTOR ${what} ${KIND_NAMES[kind]} CARRIER`;
}

/**
 * AuthHist rows: per authority granted by the cutover, a GRANTED row (its disposition
 * INVOLUNTARY REVOCATION once revoked) and, after a reinstatement, a REINSTATED row.
 */
function authHistRows(out: Out, p: Pop, s: number, auth: LegacyAuthority[]): void {
  const head = `${docket('MC', p.mc[s])},${dot8(p.dot[s])}`;
  let sub = 0;
  const row = (kind: number, action: string, served: number, ended: number) => {
    const disposition = ended ? `INVOLUNTARY REVOCATION,${mdy(ended - 1)},${mdy(ended)}` : ',,';
    out.line(`${head},${String(++sub).padStart(4, '0')},${authorityType(p, s, kind)},${action},${mdy(served)},${disposition}`);
  };
  for (let i = 0; i < 3; i++) {
    const { code, granted: g, reinstated: r, ended: e } = auth[i];
    if (code !== AUTH_A && code !== AUTH_I) continue;
    if (r) {
      // Revoked once before the reinstatement.
      row(i, 'GRANTED', g, e && e < r ? e : Math.max(g + 1, r - 30));
      row(i, 'REINSTATED', r, code === AUTH_I && e > r ? e : 0);
    } else row(i, 'GRANTED', g, code === AUTH_I ? e : 0);
  }
}

/**
 * Revocation rows: revocations that took effect in the two years before the cutover (a few
 * voluntary, without dates, as in the real file), and the orders pending at the cutover that took
 * effect after it (their *_REV_PEND is Y in the Carrier row).
 */
function revocationRows(out: Out, p: Pop, s: number, auth: LegacyAuthority[], cutover: number): void {
  const head = `${docket('MC', p.mc[s])},${dot8(p.dot[s])}`;
  const effective = [p.eC[s], p.eK[s], p.eB[s]];
  for (let i = 0; i < 3; i++) {
    const a = auth[i];
    if (a.revocationPending) {
      const e = effective[i];
      out.line(`${head},${KIND_NAMES[i]},${mdy(e - REVOCATION_NOTICE_DAYS)},INVOLUNTARY REVOCATION,${mdy(e)}`);
    } else if (a.code === AUTH_I && a.ended && a.ended + REVOCATION_LIST_DAYS >= cutover) {
      if (hint(20, p.seed[s], 70 + i) === 0) out.line(`${head},${KIND_NAMES[i]},,VOLUNTARY REVOCATION,`);
      else out.line(`${head},${KIND_NAMES[i]},${mdy(a.ended - REVOCATION_NOTICE_DAYS)},INVOLUNTARY REVOCATION,${mdy(a.ended)}`);
    }
  }
}

/** Writes the four archives for every carrier with a legacy docket; returns lines and bytes per file. */
export function writeLegacyArchives(p: Pop, dir: string, cutover: number): Record<string, FileStat> {
  const [carrierFile, insFile, histFile, revFile] = LEGACY_FILES;
  const carrier = new Out(path.join(dir, carrierFile));
  const ins = new Out(path.join(dir, insFile));
  const hist = new Out(path.join(dir, histFile));
  const rev = new Out(path.join(dir, revFile));
  carrier.line(LEGACY_CARRIER_COLUMNS.join(','));
  ins.line(LEGACY_ACTPENDINS_COLUMNS.join(','));
  hist.line(LEGACY_AUTHHIST_COLUMNS.join(','));
  rev.line(LEGACY_REVOCATION_COLUMNS.join(','));
  for (let s = 0; s < p.n; s++) {
    if (!p.alive[s] || p.mc[s] === 0 || !(p.reg[s] & REG_LEGACY)) continue;
    const auth = legacyAuthorities(p, s, cutover);
    const pols = policiesAt(p, s, cutover);
    carrier.line(carrierRow(p, s, auth, pols));
    for (const x of pols) ins.line(insuranceRow(p, s, x));
    authHistRows(hist, p, s, auth);
    revocationRows(rev, p, s, auth, cutover);
  }
  const stats: Record<string, FileStat> = {};
  for (const o of [carrier, ins, hist, rev]) {
    o.close();
    stats[path.basename(o.path)] = { rows: o.rows, bytes: o.bytes };
  }
  return stats;
}
