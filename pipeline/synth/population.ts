/**
 * The population model: how one carrier is drawn (entity type, fleet, authority, insurance,
 * safety record, contact data). Used for the full day-1 population and for the new carriers of
 * later days. Distribution targets and their sources: README.md in this folder.
 */
import { Rng, cumulative } from './rng.ts';
import { STATE_CUM } from './geo.ts';
import { phoneFor, STYLE_BROKER, STYLE_CARRIER, STYLE_PASSENGER, STYLE_SHIPPER } from './text.ts';
import { untie } from './rates.ts';
import { hasFactAfter } from './registry.ts';
import {
  AUTH_A, AUTH_I, AUTH_N, AUTH_P, CARSHIP, CARSHIP_HAS, FMT_CENSUS_NO_DOCKET, FMT_CITY_LOWER, FMT_EMAIL_UPPER,
  FMT_MC_ZEROS, FMT_MCS_TIME, FMT_OFFICER_LOWER, FMT_STATE_LOWER, FMT_STREET_PAD, KIND_HHG, KIND_HM,
  KIND_INTERSTATE, KIND_PASSENGER, REG_LEGACY, REG_MOTUS, REV_BROKER, HAS_B, HAS_C, HAS_F, HAS_S, STATUS_A, STATUS_I, STATUS_P,
  carshipBits, REV_COMMON, REV_CONTRACT, cargoBit, classBit, commonOf, brokerOf, contractOf, packAuth, type Pop,
} from './model.ts';

/** Counters that hand out unique ids; advanced identically on every run with the same seed. */
export interface Ctx {
  startDay: number;
  /** The Motus cutover (registry.ts): the day the legacy archive was frozen. */
  cutover: number;
  nextName: number;
  nextDba: number;
  nextOfficer: number;
  nextAddr: number;
  nextPhone: number;
  nextEmail: number;
  mcCount: number;
  newMcCount: number;
  lastDot: number;
  /** Recent MC numbers, to hand one out again (≈0.1% of dockets are shared). */
  recentMc: Uint32Array;
  /** The MC numbers handed out twice. */
  sharedMc: Set<number>;
}

export function newCtx(startDay: number, cutover: number): Ctx {
  return {
    startDay,
    cutover,
    nextName: 1,
    nextDba: 1,
    nextOfficer: 1,
    nextAddr: 1,
    nextPhone: 1,
    nextEmail: 1,
    mcCount: 0,
    newMcCount: 0,
    lastDot: 0,
    recentMc: new Uint32Array(64),
    sharedMc: new Set(),
  };
}

const MC_SPACE = 1_690_000;
const MC_MUL = 1_000_003; // prime, coprime with MC_SPACE

const CARSHIP_CUM = cumulative(CARSHIP.map((c) => c.w));
/** Excess-layer limits (thousands), all above any primary limit. */
const EXCESS_LIMITS = [10_000, 10_000, 25_000];
const PU_SMALL_CUM = cumulative([0.12, 0.08, 0.055, 0.03, 0.025]); // 2..6

/** Power units of a carrier: ~58% one truck, ~91% ≤6, ~97% <20, ~99.6% ≤100, tail to 10,000. */
function samplePowerUnits(rng: Rng): number {
  const u = rng.next();
  if (u < 0.015) return 0;
  if (u < 0.6) return 1;
  if (u < 0.91) return 2 + rng.weighted(PU_SMALL_CUM);
  if (u < 0.97) return logUniform(rng, 7, 19);
  if (u < 0.996) return logUniform(rng, 20, 100);
  if (u < 0.9997) return logUniform(rng, 101, 1000);
  return logUniform(rng, 1001, 10_000);
}

function logUniform(rng: Rng, a: number, b: number): number {
  return Math.min(b, Math.floor(Math.exp(Math.log(a) + rng.next() * (Math.log(b + 1) - Math.log(a)))));
}

export function driversFor(rng: Rng, pu: number): number {
  if (pu === 0) return rng.chance(0.3) ? 1 : 0;
  return Math.round(pu * (1 + 0.4 * rng.next()));
}

/** Name vocabulary of a carrier (stable: entity type and passenger flag never change). */
export function nameStyle(p: Pop, s: number): number {
  const b = carshipBits(p.carship[s]);
  if (b & HAS_C) return p.kind[s] & KIND_PASSENGER ? STYLE_PASSENGER : STYLE_CARRIER;
  if (b & (HAS_B | HAS_F)) return STYLE_BROKER;
  if (b & HAS_S) return STYLE_SHIPPER;
  return STYLE_CARRIER;
}

/** True for entities that operate vehicles (carriers, registrants, IEPs, cargo tanks). */
export const operatesVehicles = (cs: number): boolean => (carshipBits(cs) & ~(HAS_B | HAS_F | HAS_S)) !== 0;

function nextMc(ctx: Ctx, rng: Rng, isNew: boolean): number {
  let mc: number;
  if (ctx.mcCount > 100 && rng.chance(0.001)) {
    mc = ctx.recentMc[rng.int(ctx.recentMc.length)]; // a shared docket
    ctx.sharedMc.add(mc);
  } else if (isNew) {
    mc = 1_800_000 + ++ctx.newMcCount;
  } else {
    mc = 10_000 + ((ctx.mcCount * MC_MUL + 4_242) % MC_SPACE);
  }
  ctx.recentMc[ctx.mcCount % ctx.recentMc.length] = mc;
  ctx.mcCount++;
  return mc;
}

/** Between lo and hi (inclusive), clamped to a valid range. */
function between(rng: Rng, lo: number, hi: number): number {
  return hi <= lo ? lo : rng.range(lo, hi);
}

/** A for-hire authority status: A with probability pA, I with pI, else N. */
function drawStatus(rng: Rng, pA: number, pI: number): number {
  const u = rng.next();
  return u < pA ? AUTH_A : u < pA + pI ? AUTH_I : AUTH_N;
}

/**
 * Grant / reinstatement / end days of one authority in the initial population, all before
 * `horizon` (the cutover for a legacy-held docket: its facts predate the freeze).
 */
function drawHistory(p: Pop, s: number, rng: Rng, horizon: number, stat: number, g: Uint16Array, r: Uint16Array, e: Uint16Array): void {
  g[s] = r[s] = e[s] = 0;
  if (stat === AUTH_N) return;
  const grant = between(rng, Math.min(horizon - 2, p.addDay[s] + 14), horizon - 2);
  g[s] = grant;
  if (stat === AUTH_I) e[s] = between(rng, Math.min(horizon - 1, grant + 30), horizon - 1);
  else if (rng.chance(0.03) && grant + 90 < horizon - 1) {
    r[s] = between(rng, grant + 60, horizon - 1);
    e[s] = between(rng, grant + 1, r[s] - 1);
  }
}

/** Fills the inspection, hazmat and crash counts of a vehicle-operating carrier. */
function drawSafety(p: Pop, s: number, rng: Rng): void {
  const pu = p.pu[s];
  const active = p.status[s] !== STATUS_I;
  p.dI[s] = p.dO[s] = p.vI[s] = p.vO[s] = p.hI[s] = p.hO[s] = 0;
  p.cr[s] = p.crF[s] = p.crInj[s] = 0;
  if (pu <= 0) return;
  const pHas = active ? Math.min(0.92, 0.3 + 0.12 * Math.log2(pu + 1)) : 0.1;
  if (rng.chance(pHas)) {
    const dI = Math.min(60_000, Math.max(1, Math.round(pu * 1.1 * Math.exp(0.9 * rng.normal()))));
    const vI = Math.round(dI * (0.55 + 0.4 * rng.next()));
    const pd = Math.min(0.9, 0.067 * Math.exp(0.9 * rng.normal()));
    const pv = Math.min(0.95, 0.22 * Math.exp(0.6 * rng.normal()));
    p.dI[s] = dI;
    p.dO[s] = untie(rng.binomial(dI, pd), dI);
    p.vI[s] = vI;
    p.vO[s] = vI > 0 ? untie(rng.binomial(vI, pv), vI) : 0;
    if (p.kind[s] & KIND_HM) {
      const hI = Math.min(9_999, Math.max(1, Math.round(dI * (0.1 + 0.5 * rng.next()))));
      p.hI[s] = hI;
      p.hO[s] = untie(rng.binomial(hI, Math.min(0.8, 0.045 * Math.exp(0.8 * rng.normal()))), hI);
    }
  }
  const cr = rng.poisson(0.025 * Math.pow(pu, 0.95) * (active ? 1 : 0.4));
  p.cr[s] = cr;
  p.crF[s] = rng.binomial(cr, 0.03);
  p.crInj[s] = rng.binomial(cr - p.crF[s], 0.35);
}

/** BIPD limit (thousands) for a carrier's kind. */
export function drawBipd(rng: Rng, kind: number): number {
  if (kind & KIND_PASSENGER) return rng.chance(0.85) ? 5000 : 1500;
  if (kind & KIND_HM) return rng.chance(0.4) ? 1000 : 5000;
  const u = rng.next();
  return u < 0.35 ? 750 : u < 0.95 ? 1000 : u < 0.97 ? 2000 : 5000;
}

/** Cargo limit (thousands): $100k typical, some small policies. */
export function drawCargo(rng: Rng): number {
  const u = rng.next();
  if (u < 0.7) return 100;
  if (u < 0.78) return 250;
  if (u < 0.84) return 50;
  if (u < 0.88) return 25;
  if (u < 0.92) return 10;
  if (u < 0.95) return 5;
  return 1000;
}

/**
 * Shares of the legacy dockets of active and of inactive carriers that Motus holds on the first
 * day (a filing since the cutover): about 7 % of the legacy Carrier rows in all, as in 2026-09.
 */
const MOTUS_SHARE_ACTIVE = 0.085;
const MOTUS_SHARE_INACTIVE = 0.02;
/** Days before the cutover within which a docket counts as registered in Motus (no legacy row). */
const LEGACY_MARGIN_DAYS = 30;

/**
 * Draws carrier `s`. `rank` in [0, 1] is its age rank (0 = oldest DOT) for the initial population;
 * new carriers (isNew) are added on `day`, their registration pending or active and their
 * authority applied for in Motus.
 */
function genCarrier(p: Pop, s: number, ctx: Ctx, rng: Rng, day: number, rank: number, isNew: boolean): void {
  const start = ctx.startDay;
  const cutover = ctx.cutover;
  const cs = rng.weighted(CARSHIP_CUM);
  const hasC = CARSHIP_HAS(cs, 'C');
  const hasB = CARSHIP_HAS(cs, 'B');
  const hasF = CARSHIP_HAS(cs, 'F');
  const ops = operatesVehicles(cs);
  p.alive[s] = 1;
  p.prot[s] = 0;
  p.carship[s] = cs;
  p.seed[s] = rng.u32();

  // Age and status: DOTs are issued sequentially, growth accelerated after 2000. About half the
  // census is active (older DOTs more often inactive); a recent registration may be pending.
  if (isNew) {
    p.addDay[s] = day;
    p.status[s] = rng.chance(0.05) ? STATUS_P : STATUS_A;
  } else {
    const y = rank < 0.25 ? 1975 + rank * 4 * 26 : rank < 0.5 ? 2001 + (rank - 0.25) * 4 * 9 : rank < 0.75 ? 2010 + (rank - 0.5) * 4 * 8 : 2018 + (rank - 0.75) * 4 * 8.8;
    const d = Math.floor((y - 1970) * 365.25) + rng.int(60);
    p.addDay[s] = Math.min(start - 1, d);
    p.status[s] = rng.chance(0.25 + 0.5 * rank) ? STATUS_A : STATUS_I;
    if (p.addDay[s] > start - 60 && rng.chance(0.05)) p.status[s] = STATUS_P;
  }
  const active = p.status[s] !== STATUS_I;
  const add = p.addDay[s];
  p.mcsDay[s] = isNew ? day : Math.max(add, rng.chance(0.6) ? start - between(rng, 1, 730) : start - between(rng, 731, 4000));

  // Kind and fleet.
  let kind = 0;
  if (hasC) {
    if (rng.chance(0.025)) kind |= KIND_PASSENGER;
    else if (rng.chance(0.03)) kind |= KIND_HHG;
  }
  p.pu[s] = ops ? (isNew ? Math.min(samplePowerUnits(rng), 25) : samplePowerUnits(rng)) : rng.chance(0.05) ? rng.range(1, 2) : 0;
  p.drv[s] = driversFor(rng, p.pu[s]);
  if (ops && rng.chance(0.03 + 0.02 * Math.log10(p.pu[s] + 1))) kind |= KIND_HM;

  // Dockets. A docket is for-hire interstate business (CARRIER_OPERATION A); a quarter of the other
  // vehicle operators cross state lines as private or exempt carriers.
  const pMc = hasB ? 0.92 : hasF ? 0.8 : hasC ? (isNew ? 0.5 : 0.4) : 0;
  const mc = rng.chance(pMc) ? nextMc(ctx, rng, isNew) : 0;
  p.mc[s] = mc;
  p.ff[s] = mc && hasC && rng.chance(0.005) ? rng.range(1_000, 99_999) : 0;
  if (mc || rng.chance(0.25)) kind |= KIND_INTERSTATE;
  p.kind[s] = kind;

  // Registration (registry.ts): a docket registered before the cutover has a legacy row; a few of
  // those are Motus-held from a filing since, as is every docket registered after it. The facts of
  // a legacy-held docket are dated before the cutover.
  const legacy = mc !== 0 && !isNew && add < cutover - LEGACY_MARGIN_DAYS;
  const chosen = legacy && rng.chance(active ? MOTUS_SHARE_ACTIVE : MOTUS_SHARE_INACTIVE);
  const motus = mc !== 0 && (!legacy || chosen);
  p.reg[s] = (legacy ? REG_LEGACY : 0) | (motus ? REG_MOTUS : 0);
  const horizon = legacy && !chosen ? cutover : start;
  const carrierSide = hasC || hasF;

  // Authority (a docket has at least one, held or ended).
  let common = AUTH_N;
  let contract = AUTH_N;
  let broker = AUTH_N;
  p.gC[s] = p.gK[s] = p.gB[s] = p.rC[s] = p.rK[s] = p.rB[s] = p.eC[s] = p.eK[s] = p.eB[s] = 0;
  p.revPend[s] = 0;
  p.revDay[s] = 0;
  if (mc && isNew) {
    if (carrierSide) common = AUTH_P;
    else broker = AUTH_P;
  } else if (mc) {
    if (carrierSide) common = active ? drawStatus(rng, 0.85, 0.12) : drawStatus(rng, 0.05, 0.8);
    if (carrierSide && rng.chance(0.06)) contract = active ? drawStatus(rng, 0.7, 0.3) : AUTH_I;
    if (hasB) broker = active ? drawStatus(rng, 0.88, 0.1) : drawStatus(rng, 0, 0.85);
    else if (active && rng.chance(0.015)) broker = AUTH_A;
    if (common === AUTH_N && contract === AUTH_N && broker === AUTH_N) {
      const held = active ? AUTH_A : AUTH_I;
      if (carrierSide) common = held;
      else broker = held;
    }
    drawHistory(p, s, rng, horizon, common, p.gC, p.rC, p.eC);
    drawHistory(p, s, rng, horizon, contract, p.gK, p.rK, p.eK);
    drawHistory(p, s, rng, horizon, broker, p.gB, p.rB, p.eB);
    // An application filed in Motus and not yet decided: a new entrant's, or a broker's.
    if (motus && !legacy && rng.chance(0.2)) {
      if (carrierSide) common = AUTH_P;
      else broker = AUTH_P;
    } else if (chosen && broker === AUTH_N && rng.chance(0.04)) broker = AUTH_P;
  }
  // An application is dated by its filing (kept where a grant's day is).
  if (common === AUTH_P) {
    p.gC[s] = isNew ? day : between(rng, Math.max(add, cutover + 1), start - 1);
    p.rC[s] = p.eC[s] = 0;
  }
  if (broker === AUTH_P) {
    p.gB[s] = isNew ? day : between(rng, Math.max(add, cutover + 1), start - 1);
    p.rB[s] = p.eB[s] = 0;
  }
  p.auth[s] = packAuth(common, contract, broker);
  // Pending revocation orders (Motus): the letter served in the last 25 days.
  if (motus && !isNew && rng.chance(0.06)) {
    const bit = common === AUTH_A ? REV_COMMON : broker === AUTH_A ? REV_BROKER : contract === AUTH_A ? REV_CONTRACT : 0;
    if (bit) {
      p.revPend[s] = bit;
      p.revDay[s] = start - between(rng, 1, 25);
    }
  }

  // Insurance (filed by docket).
  p.bipd[s] = p.bipdXs[s] = p.cargo[s] = p.bond[s] = 0;
  p.bipdCan[s] = p.cargoCan[s] = 0;
  p.bipdEff[s] = p.cargoEff[s] = p.bondEff[s] = 0;
  p.polSeed[s] = rng.u32();
  if (mc) {
    const c = commonOf(p.auth[s]);
    const pBipd = isNew ? (carrierSide ? 0.5 : 0) : c === AUTH_A ? 0.965 : c === AUTH_I ? 0.12 : carrierSide ? 0.02 : 0;
    const today = isNew ? day : horizon;
    const pendingCancel = motus && !isNew;
    if (rng.chance(pBipd)) {
      p.bipd[s] = drawBipd(rng, kind);
      if (p.pu[s] >= 50 && rng.chance(0.4)) p.bipdXs[s] = EXCESS_LIMITS[rng.int(EXCESS_LIMITS.length)];
      p.bipdEff[s] = isNew ? day : today - between(rng, 5, 1500);
      if (pendingCancel && rng.chance(0.1)) p.bipdCan[s] = start + between(rng, 1, 45);
    }
    if (!isNew && c === AUTH_A && !(kind & KIND_PASSENGER) && rng.chance(kind & KIND_HHG ? 0.9 : 0.5)) {
      p.cargo[s] = drawCargo(rng);
      p.cargoEff[s] = today - between(rng, 5, 1500);
      if (pendingCancel && rng.chance(0.05)) p.cargoCan[s] = start + between(rng, 1, 45);
    }
    if (brokerOf(p.auth[s]) === AUTH_A && rng.chance(0.96)) {
      p.bond[s] = 75;
      p.bondEff[s] = today - between(rng, 5, 1500);
    }
    if (isNew && hasB && rng.chance(0.5)) {
      p.bond[s] = 75;
      p.bondEff[s] = day;
    }
  }
  // A legacy docket chosen for Motus has a filing since the cutover: a policy filed, an
  // authority decided or applied for.
  if (chosen && !hasFactAfter(p, s, cutover)) {
    if (p.bipd[s]) p.bipdEff[s] = between(rng, cutover + 1, start - 5);
    else if (brokerOf(p.auth[s]) === AUTH_N) {
      p.auth[s] = packAuth(commonOf(p.auth[s]), contractOf(p.auth[s]), AUTH_P);
      p.gB[s] = between(rng, Math.max(add, cutover + 1), start - 1);
    } else if (commonOf(p.auth[s]) === AUTH_I) p.eC[s] = between(rng, Math.min(start - 1, Math.max(cutover + 1, p.gC[s] + 30)), start - 1);
    else if (commonOf(p.auth[s]) === AUTH_A) {
      p.gC[s] = between(rng, cutover + 1, start - 2);
      p.rC[s] = p.eC[s] = 0;
    }
  }

  // Safety record.
  if (ops && !isNew) drawSafety(p, s, rng);
  else {
    p.dI[s] = p.dO[s] = p.vI[s] = p.vO[s] = p.hI[s] = p.hO[s] = 0;
    p.cr[s] = p.crF[s] = p.crInj[s] = 0;
  }

  // Cargo and classification (CLASSDEF agrees with the operation: authorized for hire with a
  // docket, or intrastate; private, exempt or government otherwise).
  let cargo = 0;
  if (ops) {
    if (kind & KIND_PASSENGER) cargo |= cargoBit('PASSENGERS');
    else {
      if (rng.chance(0.68)) cargo |= cargoBit('GENFREIGHT');
      const extra = rng.int(3);
      for (let i = 0; i < extra; i++) cargo |= 1 << rng.int(29);
      if (kind & KIND_HM) cargo |= rng.chance(0.5) ? cargoBit('CHEM') : cargoBit('LIQGAS');
      if (kind & KIND_HHG) cargo |= cargoBit('HOUSEHOLD');
      if (rng.chance(0.03)) cargo |= cargoBit('CARGOOTHR');
      if (cargo === 0) cargo |= cargoBit('GENFREIGHT');
    }
  }
  p.cargoBits[s] = cargo;
  let cls = 0;
  if (mc && carrierSide) {
    cls |= classBit('AUTHORIZED FOR HIRE');
    if (rng.chance(0.12)) cls |= classBit('PRIVATE PROPERTY');
    if (rng.chance(0.08)) cls |= classBit('EXEMPT FOR HIRE');
  } else if (ops) {
    const u = rng.next();
    const intrastate = !(kind & KIND_INTERSTATE);
    if (kind & KIND_PASSENGER) cls |= rng.chance(0.5) ? classBit('PRIVATE PASSENGER, BUSINESS') : classBit('PRIVATE PASSENGER, NON-BUSINESS');
    else if (u < 0.68) cls |= classBit('PRIVATE PROPERTY');
    else if (u < 0.84) cls |= classBit('EXEMPT FOR HIRE');
    else if (u < 0.94) cls |= classBit(intrastate ? 'AUTHORIZED FOR HIRE' : 'PRIVATE PROPERTY');
    else cls |= 1 << rng.range(5, 11);
  } else if (rng.chance(0.3)) cls |= classBit('OTHER');
  p.classBits[s] = cls;
  p.rating[s] = !isNew && ops && add < start - 730 ? (rng.chance(0.06) ? 1 : rng.chance(0.013) ? 2 : rng.chance(0.002) ? 3 : 0) : 0;

  // Identity and contact.
  p.nameId[s] = ctx.nextName++;
  p.dbaId[s] = rng.chance(0.22) ? ctx.nextDba++ : 0;
  p.off1[s] = rng.chance(0.97) ? ctx.nextOfficer++ : 0;
  p.off2[s] = p.off1[s] && rng.chance(0.33) ? ctx.nextOfficer++ : 0;
  p.addrId[s] = ctx.nextAddr++;
  p.st[s] = rng.weighted(STATE_CUM);
  p.phone[s] = rng.chance(0.985) ? phoneFor(ctx.nextPhone++, p.st[s]) : 0;
  p.emailId[s] = rng.chance(0.8) ? ctx.nextEmail++ : 0;

  // Formatting variants (all normalise to the same snapshot values).
  let fmt = 0;
  const ph = rng.next();
  fmt |= ph < 0.85 ? 0 : ph < 0.92 ? 1 : ph < 0.98 ? 2 : 3;
  if (rng.chance(0.01)) fmt |= FMT_CITY_LOWER;
  if (rng.chance(0.003)) fmt |= FMT_STATE_LOWER;
  if (rng.chance(0.01)) fmt |= FMT_STREET_PAD;
  if (rng.chance(0.02)) fmt |= FMT_EMAIL_UPPER;
  if (rng.chance(0.01)) fmt |= FMT_OFFICER_LOWER;
  if (mc && rng.chance(0.02)) fmt |= FMT_MC_ZEROS;
  if (mc && !p.ff[s] && rng.chance(0.003)) fmt |= FMT_CENSUS_NO_DOCKET;
  if (rng.chance(0.15)) fmt |= FMT_MCS_TIME;
  p.fmt[s] = fmt;
}

/** Appends a new carrier with the next DOT number; returns its slot. */
export function addCarrier(p: Pop, ctx: Ctx, rng: Rng, day: number, rank: number, isNew: boolean): number {
  if (p.n >= p.cap) throw new Error(`population capacity ${p.cap} exhausted`);
  const s = p.n++;
  ctx.lastDot += 1 + rng.int(3); // DOTs are sequential with gaps (removed and never-used numbers)
  p.dot[s] = ctx.lastDot;
  genCarrier(p, s, ctx, rng, day, rank, isNew);
  return s;
}
