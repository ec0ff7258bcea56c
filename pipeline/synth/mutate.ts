/**
 * The day-over-day mutation model. Each day: scheduled events take effect (pending policy
 * cancellations lapse, pending revocations become revocations), the edge cases are planted
 * (edges.ts), then `churn × live carriers` random mutations hit every change category plus
 * no-op "noise" edits. The manifest is computed afterwards by diffing (diff.ts).
 *
 * A registration change (authority, insurance, revocation order) is a Motus filing: it makes its
 * carrier Motus-held first (registry.ts makeMotus), so the frozen legacy archive never changes.
 */
import { Rng, cumulative } from './rng.ts';
import { STATE_CUM } from './geo.ts';
import { phoneFor } from './text.ts';
import { untie } from './rates.ts';
import { addCarrier, drawBipd, drawCargo, driversFor, operatesVehicles, type Ctx } from './population.ts';
import { REVOCATION_NOTICE_DAYS, isLegacyHeld, isMotusHeld, makeMotus } from './registry.ts';
import {
  AUTH_A, AUTH_I, AUTH_N, AUTH_P, CARSHIP_HAS, FMT_CENSUS_NO_DOCKET, FMT_CITY_LOWER, FMT_EMAIL_UPPER, FMT_MC_ZEROS,
  FMT_MCS_TIME, FMT_OFFICER_LOWER, FMT_PHONE_MASK, FMT_STATE_LOWER, FMT_STREET_PAD, KIND_HM, REV_BROKER,
  REG_LEGACY, REV_COMMON, REV_CONTRACT, STATUS_A, STATUS_I, brokerOf, classBit, commonOf, contractOf, packAuth, type Pop,
} from './model.ts';

export interface Day {
  p: Pop;
  ctx: Ctx;
  rng: Rng;
  day: number;
  /** Edge-case carriers: no other mutation may touch them today. */
  reserved: Uint8Array;
  /** Carriers changed by today's scheduled events (edge cases avoid them). */
  touched: Uint8Array;
}

// --- authority helpers shared with edges.ts -----------------------------------------------------

type Kind = 'common' | 'contract' | 'broker';
const getStat = (p: Pop, s: number, k: Kind) =>
  k === 'common' ? commonOf(p.auth[s]) : k === 'contract' ? contractOf(p.auth[s]) : brokerOf(p.auth[s]);
const days = (p: Pop, k: Kind) =>
  k === 'common' ? [p.gC, p.rC, p.eC] : k === 'contract' ? [p.gK, p.rK, p.eK] : [p.gB, p.rB, p.eB];
const REV_BIT: Record<Kind, number> = { common: REV_COMMON, contract: REV_CONTRACT, broker: REV_BROKER };

export const getAuthority = getStat;

/**
 * Moves one authority to `to`, keeping its days consistent: an application (P) is dated by its
 * filing, a grant from N or P by its day, a grant after a revocation is a reinstatement; a
 * withdrawn application (P to N) leaves no authority.
 */
export function setAuthority(p: Pop, s: number, k: Kind, to: number, day: number): void {
  const from = getStat(p, s, k);
  if (from === to) return;
  const [g, r, e] = days(p, k);
  if (to === AUTH_A) {
    if (from === AUTH_N || from === AUTH_P || g[s] === 0) {
      g[s] = day;
      r[s] = e[s] = 0;
    } else r[s] = day; // reinstated
  } else if (to === AUTH_I) {
    if (g[s] === 0) g[s] = Math.max(p.addDay[s], day - 1);
    e[s] = day;
    p.revPend[s] &= ~REV_BIT[k];
  } else {
    g[s] = to === AUTH_P ? day : 0;
    r[s] = e[s] = 0;
    p.revPend[s] &= ~REV_BIT[k];
  }
  const c = k === 'common' ? to : commonOf(p.auth[s]);
  const ct = k === 'contract' ? to : contractOf(p.auth[s]);
  const b = k === 'broker' ? to : brokerOf(p.auth[s]);
  p.auth[s] = packAuth(c, ct, b);
  if (to === AUTH_A && k !== 'broker') p.classBits[s] |= classBit('AUTHORIZED FOR HIRE');
}

/** Cycles an authority N → P → A → I → A (apply, grant, revoke, reinstate) as a Motus filing. */
function cycleAuthority(p: Pop, s: number, k: Kind, day: number): void {
  makeMotus(p, s);
  const from = getStat(p, s, k);
  setAuthority(p, s, k, from === AUTH_N ? AUTH_P : from === AUTH_A ? AUTH_I : AUTH_A, day);
}

/**
 * The pending application a carrier can withdraw, or null: withdrawing it must leave a Motus
 * Carrier row for a docket the legacy archive also has (else the stale legacy row would apply).
 */
export function withdrawable(p: Pop, s: number): Kind | null {
  if (!isMotusHeld(p, s)) return null;
  const a = p.auth[s];
  const legacy = (p.reg[s] & REG_LEGACY) !== 0;
  for (const k of ['common', 'broker'] as const) {
    if (getStat(p, s, k) !== AUTH_P) continue;
    const other = k === 'common' ? brokerOf(a) : commonOf(a);
    if (!legacy || other !== AUTH_N) return k;
  }
  return null;
}

export function activeRevBits(p: Pop, s: number): number[] {
  const a = p.auth[s];
  return [
    commonOf(a) === AUTH_A ? REV_COMMON : 0,
    contractOf(a) === AUTH_A ? REV_CONTRACT : 0,
    brokerOf(a) === AUTH_A ? REV_BROKER : 0,
  ].filter(Boolean);
}

// --- scheduled events ---------------------------------------------------------------------------

/**
 * Lapses cancelled policies and executes revocations whose notice period ran out (both are
 * pending only on Motus-held carriers).
 */
export function scheduledEvents(d: Day): void {
  const { p, day, touched } = d;
  for (let s = 0; s < p.n; s++) {
    if (!p.alive[s]) continue;
    if (p.bipdCan[s] && p.bipdCan[s] <= day) {
      p.bipd[s] = p.bipdXs[s] = 0;
      p.bipdCan[s] = 0;
      touched[s] = 1;
    }
    if (p.cargoCan[s] && p.cargoCan[s] <= day) {
      p.cargo[s] = 0;
      p.cargoCan[s] = 0;
      touched[s] = 1;
    }
    if (p.revPend[s] && p.revDay[s] + REVOCATION_NOTICE_DAYS <= day) {
      const bits = p.revPend[s];
      if (bits & REV_COMMON) setAuthority(p, s, 'common', AUTH_I, day);
      if (bits & REV_CONTRACT) setAuthority(p, s, 'contract', AUTH_I, day);
      if (bits & REV_BROKER) setAuthority(p, s, 'broker', AUTH_I, day);
      p.revPend[s] = 0;
      touched[s] = 1;
    }
  }
}

// --- random mutations ---------------------------------------------------------------------------

type Mutation = (d: Day) => void;

/** A random live carrier (not reserved) satisfying `pred`, or -1. */
function pickSlot(d: Day, pred: (s: number) => boolean): number {
  const { p, rng, reserved } = d;
  for (let t = 0; t < 64; t++) {
    const s = rng.int(p.n);
    if (p.alive[s] && !reserved[s] && pred(s)) return s;
  }
  return -1;
}

const ops = (p: Pop, s: number) => operatesVehicles(p.carship[s]);
const free = (p: Pop, s: number) => !p.prot[s];

const MUTATIONS: [number, string, Mutation][] = [
  [12, 'new_carrier', (d) => void addCarrier(d.p, d.ctx, d.rng, d.day, 1, true)],
  [5, 'remove', (d) => {
    const s = pickSlot(d, (s) => free(d.p, s));
    if (s >= 0) d.p.alive[s] = 0;
  }],
  [4, 'status_flip', (d) => {
    const { p } = d;
    const s = pickSlot(d, (s) => free(p, s));
    if (s < 0) return;
    // A pending registration is approved; otherwise active and inactive swap.
    p.status[s] = p.status[s] === STATUS_A ? STATUS_I : STATUS_A;
    if (p.status[s] === STATUS_I && p.mc[s] && commonOf(p.auth[s]) === AUTH_A && d.rng.chance(0.5)) {
      makeMotus(p, s);
      setAuthority(p, s, 'common', AUTH_I, d.day);
    }
  }],
  [3, 'common_authority', (d) => {
    const s = pickSlot(d, (s) => free(d.p, s) && d.p.mc[s] !== 0 && (CARSHIP_HAS(d.p.carship[s], 'C') || CARSHIP_HAS(d.p.carship[s], 'F')));
    if (s >= 0) cycleAuthority(d.p, s, 'common', d.day);
  }],
  [2, 'broker_authority', (d) => {
    const s = pickSlot(d, (s) => free(d.p, s) && d.p.mc[s] !== 0);
    if (s >= 0) cycleAuthority(d.p, s, 'broker', d.day);
  }],
  // A legacy contract authority's first Motus filing: Motus holds it as motor-carrier authority.
  [1, 'contract_authority', (d) => {
    const s = pickSlot(d, (s) => free(d.p, s) && isLegacyHeld(d.p, s) && contractOf(d.p.auth[s]) !== AUTH_N);
    if (s >= 0) makeMotus(d.p, s);
  }],
  // A Motus application withdrawn before it was decided (its Carrier row is deleted).
  [1, 'application_withdrawn', (d) => {
    const s = pickSlot(d, (s) => withdrawable(d.p, s) !== null);
    if (s >= 0) setAuthority(d.p, s, withdrawable(d.p, s)!, AUTH_N, d.day);
  }],
  [4, 'revocation_set', (d) => {
    const { p } = d;
    const s = pickSlot(d, (s) => free(p, s) && p.mc[s] !== 0 && p.revPend[s] === 0 && activeRevBits(p, s).length > 0);
    if (s < 0) return;
    makeMotus(p, s);
    p.revPend[s] = d.rng.pick(activeRevBits(p, s));
    p.revDay[s] = d.day;
  }],
  [2, 'revocation_cleared', (d) => {
    const s = pickSlot(d, (s) => d.p.revPend[s] !== 0);
    if (s >= 0) d.p.revPend[s] = 0;
  }],
  [0.5, 'revocation_switched', (d) => {
    const s = pickSlot(d, (s) => d.p.revPend[s] !== 0);
    if (s >= 0) d.p.revPend[s] = d.p.revPend[s] === REV_BROKER ? REV_COMMON : d.p.revPend[s] | REV_BROKER;
  }],
  [3, 'bipd_limit', (d) => {
    const s = pickSlot(d, (s) => d.p.bipd[s] > 0);
    if (s < 0) return;
    makeMotus(d.p, s);
    d.p.bipd[s] = drawBipd(d.rng, d.p.kind[s]);
  }],
  [2, 'bipd_removed', (d) => {
    const s = pickSlot(d, (s) => d.p.bipd[s] > 0);
    if (s < 0) return;
    makeMotus(d.p, s);
    d.p.bipd[s] = d.p.bipdXs[s] = d.p.bipdCan[s] = 0;
  }],
  [2, 'bipd_added', (d) => {
    const s = pickSlot(d, (s) => d.p.mc[s] !== 0 && d.p.bipd[s] === 0 && CARSHIP_HAS(d.p.carship[s], 'C'));
    if (s < 0) return;
    makeMotus(d.p, s);
    d.p.bipd[s] = drawBipd(d.rng, d.p.kind[s]);
    d.p.bipdEff[s] = d.day;
    d.p.polSeed[s] = d.rng.u32();
  }],
  [3, 'cargo_policy', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, (s) => p.mc[s] !== 0 && CARSHIP_HAS(p.carship[s], 'C'));
    if (s < 0) return;
    makeMotus(p, s);
    if (p.cargo[s] === 0 || rng.chance(0.5)) {
      p.cargo[s] = drawCargo(rng);
      p.cargoEff[s] = d.day;
    } else {
      p.cargo[s] = 0;
      p.cargoCan[s] = 0;
    }
  }],
  [2, 'cancellation_pending', (d) => {
    const s = pickSlot(d, (s) => d.p.bipd[s] > 0 && d.p.bipdCan[s] === 0);
    if (s < 0) return;
    makeMotus(d.p, s);
    d.p.bipdCan[s] = d.day + d.rng.range(3, 40);
  }],
  [2, 'policy_replaced', (d) => {
    const s = pickSlot(d, (s) => d.p.bipd[s] > 0);
    if (s < 0) return;
    makeMotus(d.p, s);
    d.p.polSeed[s] = d.rng.u32();
    d.p.bipdEff[s] = d.day;
    d.p.bipdCan[s] = 0;
  }],
  [1, 'bond', (d) => {
    const s = pickSlot(d, (s) => d.p.mc[s] !== 0 && CARSHIP_HAS(d.p.carship[s], 'B'));
    if (s < 0) return;
    makeMotus(d.p, s);
    d.p.bond[s] = d.p.bond[s] ? 0 : 75;
    d.p.bondEff[s] = d.day;
  }],
  [4, 'crash', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, (s) => ops(p, s) && p.pu[s] > 0);
    if (s < 0) return;
    if (p.cr[s] > 0 && rng.chance(0.2)) {
      // The oldest crash leaves the 24-month window.
      p.cr[s]--;
      if (p.crF[s] + p.crInj[s] > p.cr[s]) {
        if (p.crInj[s] > 0) p.crInj[s]--;
        else p.crF[s]--;
      }
      return;
    }
    p.cr[s]++;
    const u = rng.next();
    if (u < 0.05) p.crF[s]++;
    else if (u < 0.35) p.crInj[s]++;
  }],
  [6, 'inspections', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, (s) => ops(p, s) && p.pu[s] > 0);
    if (s < 0) return;
    const k = 1 + rng.poisson(p.dI[s] * 0.02);
    const pd = p.dI[s] ? Math.max(0.02, p.dO[s] / p.dI[s]) : 0.067;
    const pv = p.vI[s] ? Math.max(0.05, p.vO[s] / p.vI[s]) : 0.22;
    p.dI[s] += k;
    p.dO[s] = untie(p.dO[s] + rng.binomial(k, pd), p.dI[s]);
    const kv = rng.binomial(k, 0.75);
    if (kv > 0) {
      p.vI[s] += kv;
      p.vO[s] = untie(p.vO[s] + rng.binomial(kv, pv), p.vI[s]);
    }
    if (p.kind[s] & KIND_HM && rng.chance(0.4)) {
      p.hI[s] = Math.min(9_999, p.hI[s] + 1);
      p.hO[s] = untie(p.hO[s] + (rng.chance(0.05) ? 1 : 0), p.hI[s]);
    }
  }],
  [2, 'oos_jump', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, (s) => p.dI[s] >= 10 || p.vI[s] >= 10);
    if (s < 0) return;
    const [I, O] = p.dI[s] >= 10 && (p.vI[s] < 10 || rng.chance(0.5)) ? [p.dI, p.dO] : [p.vI, p.vO];
    const step = Math.max(1, Math.ceil(I[s] * 0.07));
    const o = O[s] + step <= I[s] ? O[s] + step : Math.max(0, O[s] - step);
    O[s] = untie(o, I[s]);
  }],
  [6, 'fleet', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, (s) => ops(p, s));
    if (s < 0) return;
    const f = rng.chance(0.5) ? 0.5 + 0.45 * rng.next() : 1.05 + 0.8 * rng.next();
    p.pu[s] = Math.max(0, Math.round(p.pu[s] * f) + (p.pu[s] === 0 ? rng.range(1, 3) : 0));
    p.drv[s] = driversFor(rng, p.pu[s]);
  }],
  [4, 'fleet_small', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, (s) => ops(p, s) && p.pu[s] > 0);
    if (s < 0) return;
    if (rng.chance(0.5)) p.pu[s] = Math.max(0, p.pu[s] + (rng.chance(0.6) ? 1 : -1));
    else p.drv[s] = Math.max(0, p.drv[s] + (rng.chance(0.6) ? 1 : -1));
  }],
  [3, 'legal_name', (d) => {
    const s = pickSlot(d, (s) => free(d.p, s));
    if (s >= 0) d.p.nameId[s] = d.ctx.nextName++;
  }],
  [2, 'dba_name', (d) => {
    const s = pickSlot(d, (s) => free(d.p, s));
    if (s < 0) return;
    d.p.dbaId[s] = d.p.dbaId[s] && d.rng.chance(0.4) ? 0 : d.ctx.nextDba++;
  }],
  [3, 'officers', (d) => {
    const { p, rng, ctx } = d;
    const s = pickSlot(d, (s) => free(p, s));
    if (s < 0) return;
    const u = rng.next();
    if (u < 0.6 || p.off1[s] === 0) p.off1[s] = ctx.nextOfficer++;
    else if (p.off2[s] === 0) p.off2[s] = ctx.nextOfficer++;
    else p.off2[s] = u < 0.8 ? 0 : ctx.nextOfficer++;
  }],
  [3, 'address', (d) => {
    const { p, rng, ctx } = d;
    const s = pickSlot(d, (s) => free(p, s));
    if (s < 0) return;
    p.addrId[s] = ctx.nextAddr++;
    if (rng.chance(0.2)) p.st[s] = rng.weighted(STATE_CUM);
  }],
  [3, 'phone', (d) => {
    const { p, rng, ctx } = d;
    const s = pickSlot(d, (s) => free(p, s));
    if (s < 0) return;
    p.phone[s] = p.phone[s] && rng.chance(0.1) ? 0 : phoneFor(ctx.nextPhone++, p.st[s]);
  }],
  [2, 'email', (d) => {
    const { p, rng, ctx } = d;
    const s = pickSlot(d, (s) => free(p, s));
    if (s < 0) return;
    p.emailId[s] = p.emailId[s] && rng.chance(0.15) ? 0 : ctx.nextEmail++;
  }],
  [4, 'noise_format', (d) => {
    const { p, rng } = d;
    const s = pickSlot(d, () => true);
    if (s < 0) return;
    const bits = [FMT_CITY_LOWER, FMT_STATE_LOWER, FMT_STREET_PAD, FMT_EMAIL_UPPER, FMT_OFFICER_LOWER, FMT_MCS_TIME];
    if (p.mc[s]) bits.push(FMT_MC_ZEROS, FMT_CENSUS_NO_DOCKET);
    if (rng.chance(0.3)) p.fmt[s] = (p.fmt[s] & ~FMT_PHONE_MASK) | (((p.fmt[s] & FMT_PHONE_MASK) + 1 + rng.int(3)) & FMT_PHONE_MASK);
    else p.fmt[s] ^= rng.pick(bits);
  }],
  [3, 'mcs150_update', (d) => {
    const s = pickSlot(d, () => true);
    if (s >= 0) d.p.mcsDay[s] = d.day;
  }],
];

const MUT_CUM = cumulative(MUTATIONS.map((m) => m[0]));
/** Share of the churn budget spent on new carriers (sizes the population arrays). */
export const NEW_CARRIER_SHARE = MUTATIONS[0][0] / MUT_CUM[MUT_CUM.length - 1];

/** Applies `count` random mutations; returns how many of each kind were drawn. */
export function randomMutations(d: Day, count: number): Record<string, number> {
  const drawn: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const k = d.rng.weighted(MUT_CUM);
    const [, name, fn] = MUTATIONS[k];
    drawn[name] = (drawn[name] ?? 0) + 1;
    fn(d);
  }
  return drawn;
}

