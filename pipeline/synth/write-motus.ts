/**
 * The Motus sets of a day folder (fmcsa-published-2026.md §3): on the first day the five
 * All-With-History sets, every Motus-held carrier's rows; on every later day the five Daily
 * Difference sets, the rows that changed since the day before, so that each difference applied to
 * the previous state (pipeline/ingest/motus.ts) gives the state of the day:
 * - Carrier: a changed authority's row replaces the old one (its identity is docket and
 *   OP_AUTH_TYPE); an authority that is gone is a deletion row with its keys only;
 * - Insur: a docket whose policies changed is a deletion row with only the docket (and the DOT
 *   when two carriers share the docket), then the docket's policies now (the convention the Motus
 *   data dictionary describes for Insur);
 * - InsHist and AuthHist: new events (a policy that left Insur, a cancellation filed, a status
 *   change);
 * - RevokeSuspend: new orders; an order withdrawn before it took effect is a deletion row by its
 *   authority type (an executed order stays, as history).
 * A carrier that becomes Motus-held brings all its rows, back-history included, and an InsHist
 * row for each policy of its legacy record that is no longer in force, so Motus holds its docket
 * for insurance as well.
 */
import path from 'node:path';
import { hint } from './rng.ts';
import { Out, q, type FileStat } from './csv.ts';
import {
  MOTUS_AUTHHIST_COLUMNS, MOTUS_CARRIER_COLUMNS, MOTUS_DATASET, MOTUS_INSHIST_COLUMNS, MOTUS_INSUR_COLUMNS, MOTUS_REVOKE_COLUMNS,
} from './published-columns.ts';
import { POL_BIPD, POL_EXCESS, policiesAt, policiesOf, type Policy } from './policies.ts';
import { REVOCATION_NOTICE_DAYS, isMotusHeld } from './registry.ts';
import {
  MOTUS_COMMON, authHistRows, cancellationRows, carrierRows, executedOrderRows, insHistRow, insurRows, motusDocket,
  motusDocketHyphen, pendingOrderRows, type OrderRow,
} from './motus-rows.ts';
import { AUTH_I, REG_LEGACY, brokerOf, commonOf, type Pop } from './model.ts';

interface Sets {
  carrier: Out;
  insur: Out;
  inshist: Out;
  authhist: Out;
  revoke: Out;
}

const HEADERS: Record<keyof Sets, readonly string[]> = {
  carrier: MOTUS_CARRIER_COLUMNS,
  insur: MOTUS_INSUR_COLUMNS,
  inshist: MOTUS_INSHIST_COLUMNS,
  authhist: MOTUS_AUTHHIST_COLUMNS,
  revoke: MOTUS_REVOKE_COLUMNS,
};

/** Opens the five files of the full sets (0) or the daily differences (1). */
function openSets(dir: string, which: 0 | 1): Sets {
  const sets = {} as Sets;
  for (const k of Object.keys(HEADERS) as (keyof Sets)[]) {
    sets[k] = new Out(path.join(dir, `${MOTUS_DATASET[k][which]}.csv`));
    sets[k].line(HEADERS[k].join(','));
  }
  return sets;
}

function closeSets(sets: Sets): Record<string, FileStat> {
  const stats: Record<string, FileStat> = {};
  for (const o of Object.values(sets)) {
    o.close();
    stats[path.basename(o.path)] = { rows: o.rows, bytes: o.bytes };
  }
  return stats;
}

/** The kind of filing a policy is, for "replaced by" (an excess layer is filed with its primary). */
const filing = (x: Policy) => (x.kind === POL_EXCESS ? POL_BIPD : x.kind);

/** The All-With-History sets of the first day. */
export function writeMotusFull(p: Pop, dir: string, cutover: number, day: number): Record<string, FileStat> {
  const sets = openSets(dir, 0);
  for (let s = 0; s < p.n; s++) {
    if (!p.alive[s] || !isMotusHeld(p, s)) continue;
    const pols = policiesOf(p, s);
    for (const r of carrierRows(p, s, pols)) sets.carrier.line(r.line);
    for (const line of insurRows(p, s, pols)) sets.insur.line(line);
    for (const line of cancellationRows(p, s, pols)) sets.inshist.line(line);
    if (p.reg[s] & REG_LEGACY) {
      // The legacy record's policies that are no longer in force: replaced, or cancelled since.
      const now = new Set(pols.map((x) => x.number));
      for (const x of policiesAt(p, s, cutover)) {
        if (now.has(x.number)) continue;
        const next = pols.find((y) => filing(y) === filing(x));
        if (next) sets.inshist.line(insHistRow(p, s, x, 'TERM/REPL', next.effective));
        else sets.inshist.line(insHistRow(p, s, x, 'CANCEL', cutover + 1 + hint(Math.max(1, day - cutover - 1), p.seed[s], 90 + x.kind)));
      }
    }
    for (const line of authHistRows(p, s)) sets.authhist.line(line);
    for (const r of [...executedOrderRows(p, s, cutover), ...pendingOrderRows(p, s)]) sets.revoke.line(r.line);
  }
  return closeSets(sets);
}

/** Whether anything a Motus row of the carrier shows differs between the two states. */
function registrationMoved(a: Pop, b: Pop, s: number): boolean {
  return (
    a.auth[s] !== b.auth[s] || a.reg[s] !== b.reg[s] || a.revPend[s] !== b.revPend[s] || a.revDay[s] !== b.revDay[s] ||
    a.gC[s] !== b.gC[s] || a.rC[s] !== b.rC[s] || a.eC[s] !== b.eC[s] || a.gB[s] !== b.gB[s] || a.rB[s] !== b.rB[s] ||
    a.eB[s] !== b.eB[s] || a.bipd[s] !== b.bipd[s] || a.bipdXs[s] !== b.bipdXs[s] || a.cargo[s] !== b.cargo[s] ||
    a.bond[s] !== b.bond[s] || a.polSeed[s] !== b.polSeed[s] || a.bipdEff[s] !== b.bipdEff[s] || a.cargoEff[s] !== b.cargoEff[s] ||
    a.bondEff[s] !== b.bondEff[s] || a.bipdCan[s] !== b.bipdCan[s] || a.cargoCan[s] !== b.cargoCan[s] ||
    a.nameId[s] !== b.nameId[s] || a.dbaId[s] !== b.dbaId[s] || a.addrId[s] !== b.addrId[s] || a.st[s] !== b.st[s] ||
    a.phone[s] !== b.phone[s]
  );
}

export interface MotusDiffStats {
  files: Record<string, FileStat>;
  /** Deletion rows written, per set. */
  deletions: Record<string, number>;
}

/**
 * The Daily Difference sets of `day`: what changed between `prev` (the state of the day before)
 * and `cur`. `shared` holds the dockets two carriers share (an Insur deletion then names the DOT).
 */
export function writeMotusDiff(prev: Pop, cur: Pop, dir: string, day: number, shared: ReadonlySet<number>): MotusDiffStats {
  const sets = openSets(dir, 1);
  const deletions = { carrier: 0, insur: 0, revoke: 0 };
  for (let s = 0; s < cur.n; s++) {
    if (!cur.alive[s] || !isMotusHeld(cur, s)) continue;
    const existed = s < prev.n && prev.alive[s] === 1;
    const was = existed && isMotusHeld(prev, s);
    if (was && !registrationMoved(prev, cur, s)) continue;
    const dot = String(cur.dot[s]);
    const pols = policiesOf(cur, s);
    // Yesterday's policies: Motus's, or the legacy record's (a legacy-held state is the archive's).
    const before = existed ? policiesOf(prev, s) : [];

    // Carrier
    const rows = carrierRows(cur, s, pols);
    const old = was ? new Map(carrierRows(prev, s, before).map((r) => [r.key, r.line])) : new Map<string, string>();
    for (const r of rows) if (old.get(r.key) !== r.line) sets.carrier.line(r.line);
    for (const key of old.keys()) {
      if (rows.some((r) => r.key === key)) continue;
      sets.carrier.line(`${motusDocket(cur, s)},${dot},,${q(key)}${','.repeat(MOTUS_CARRIER_COLUMNS.length - 4)}`);
      deletions.carrier++;
    }

    // Insur
    const lines = insurRows(cur, s, pols);
    if (was) {
      const oldLines = insurRows(prev, s, before);
      if (oldLines.join('\n') !== lines.join('\n')) {
        const who = shared.has(cur.mc[s]) ? dot : '';
        sets.insur.line(`${motusDocket(cur, s)},${who}${','.repeat(MOTUS_INSUR_COLUMNS.length - 2)}`);
        deletions.insur++;
        for (const line of lines) sets.insur.line(line);
      }
    } else for (const line of lines) sets.insur.line(line);

    // InsHist: policies that left Insur (a pending cancellation was recorded when it was filed),
    // and cancellations filed today.
    const now = new Map(pols.map((x) => [x.number, x]));
    for (const x of before) {
      if (now.has(x.number) || x.cancel) continue;
      const replaced = pols.some((y) => filing(y) === filing(x));
      sets.inshist.line(insHistRow(cur, s, x, replaced ? 'TERM/REPL' : 'CANCEL', day));
    }
    const filed = new Map(before.map((x) => [x.number, x.cancel]));
    for (const x of pols) if (x.cancel && (!was || filed.get(x.number) !== x.cancel)) sets.inshist.line(insHistRow(cur, s, x, 'CANCEL', x.cancel));

    // AuthHist
    const events = new Set(was ? authHistRows(prev, s) : []);
    for (const line of authHistRows(cur, s)) if (!events.has(line)) sets.authhist.line(line);

    // RevokeSuspend
    const orders = pendingOrderRows(cur, s);
    const oldOrders: OrderRow[] = was ? pendingOrderRows(prev, s) : [];
    const withdrawn = new Set<string>();
    for (const o of oldOrders) {
      if (orders.some((r) => r.line === o.line)) continue;
      // An order that took effect today stays (the authority is inactive since); others were withdrawn.
      const common = o.kind === MOTUS_COMMON;
      const executed = (common ? commonOf(cur.auth[s]) : brokerOf(cur.auth[s])) === AUTH_I &&
        (common ? cur.eC[s] : cur.eB[s]) === prev.revDay[s] + REVOCATION_NOTICE_DAYS;
      if (!executed) withdrawn.add(o.key);
    }
    for (const key of withdrawn) {
      sets.revoke.line(`${motusDocketHyphen(cur, s)},${dot},${q(key)},,,`);
      deletions.revoke++;
    }
    for (const r of orders) if (withdrawn.has(r.key) || !oldOrders.some((o) => o.line === r.line)) sets.revoke.line(r.line);
  }
  const name = (k: keyof typeof MOTUS_DATASET) => `${MOTUS_DATASET[k][1]}.csv`;
  return {
    files: closeSets(sets),
    deletions: { [name('carrier')]: deletions.carrier, [name('insur')]: deletions.insur, [name('revoke')]: deletions.revoke },
  };
}

