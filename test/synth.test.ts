/**
 * pipeline/synth: determinism, the published layouts and value shapes, the registry model (a
 * frozen legacy archive, Motus full sets then daily differences), distributions, and the manifest.
 * The manifest is checked against an independent re-derivation from the written files
 * (test/helpers/registry-snapshot.ts applies the rules of lib/snapshot.ts to the raw rows, the diff
 * is lib/domain.ts's), so "what a correct ingest + diff finds" and "what the manifest says" cannot
 * drift apart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_FIELDS, CHANGE_CATEGORIES, fleetMoved, oosRateMoved } from '../lib/domain.ts';
import { synthesize, type Manifest, type SynthSummary } from '../pipeline/synth/index.ts';
import { EDGE_KINDS } from '../pipeline/synth/edges.ts';
import { splitCsvLine as splitCsv } from '../pipeline/csv-lines.ts';
import datasets from '../data/fmcsa-datasets.json' with { type: 'json' };
import { PUBLISHED_HEADER } from './helpers/published-headers.ts';
import { MotusState, docketKey, dotKey, isDeletion, isoOf, readLegacy, readRows, snapshotOf, type Row, type Snap } from './helpers/registry-snapshot.ts';

const CARRIERS = 3000;
const DAYS = 3;
const SEED = 20261101;
const DATES = ['2026-11-01', '2026-11-02', '2026-11-03'];

let tmp: string;
let runA: string;
let summary: SynthSummary;
/** Per day: the Motus sets as its files leave them, and the snapshot its files give. */
const motusOf = new Map<string, MotusState>();
const snapOf = new Map<string, Map<string, Snap>>();

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'synth-test-'));
  runA = path.join(tmp, 'a');
  summary = synthesize({ carriers: CARRIERS, days: DAYS, seed: SEED, out: runA });
  const legacy = readLegacy(path.join(runA, DATES[0]));
  const motus = new MotusState();
  for (const date of DATES) {
    motus.apply(path.join(runA, date));
    motusOf.set(date, Object.assign(new MotusState(), structuredClone({ sets: motus.sets, deletions: motus.deletions })));
    snapOf.set(date, snapshotOf(path.join(runA, date), date, legacy, motus));
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// --- small file readers (no multi-line fields in these dumps) -----------------------------------

const lines = (file: string): string[] => fs.readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
const dayFile = (date: string, name: string) => path.join(runA, date, name);

function table(date: string, name: string): { header: string[]; rows: string[][] } {
  const [head, ...rest] = lines(dayFile(date, name));
  return { header: splitCsv(head), rows: rest.map(splitCsv) };
}
const rowsOf = (date: string, id: string): Row[] => readRows(dayFile(date, `${id}.csv`));
const headerOf = (date: string, id: string): string => lines(dayFile(date, `${id}.csv`))[0];
const readManifest = (date: string): Manifest => JSON.parse(fs.readFileSync(dayFile(date, 'manifest.json'), 'utf8'));

function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else out[path.relative(dir, f)] = crypto.createHash('sha256').update(fs.readFileSync(f)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const CARGO = ['GENFREIGHT', 'HOUSEHOLD', 'METALSHEET', 'MOTOVEH', 'DRIVETOW', 'LOGPOLE', 'BLDGMAT', 'MOBILEHOME', 'MACHLRG', 'PRODUCE', 'LIQGAS', 'INTERMODAL', 'PASSENGERS', 'OILFIELD', 'LIVESTOCK', 'GRAINFEED', 'COALCOKE', 'MEAT', 'GARBAGE', 'USMAIL', 'CHEM', 'DRYBULK', 'COLDFOOD', 'BEVERAGES', 'PAPERPROD', 'UTILITY', 'FARMSUPP', 'CONSTRUCT', 'WATERWELL', 'CARGOOTHR'];

/** The files of a day folder by dataset id (data/fmcsa-datasets.json). */
const SOURCE_IDS = ['az4n-8mr2', '6eyk-hxee', 'qh9u-swkp', '9mw4-x3tu', 'sa6p-acbp', 'm3ry-qcip', 'h3zn-uid9', '4y6x-dmck', 'h9zy-gjn8', 'rbkj-cgst', '4wxs-vbns'];
const MOTUS_FULL = ['inys-ebih', 'c5y8-a4uz', '3uet-3z4i', 'yu5v-wbh6', 'wb4f-neki'];
const MOTUS_DIFF = ['nakq-58th', 'x96h-evps', 'xe5s-wca7', 'dm5j-zc6c', 'e67p-xyd5'];
const LEGACY_IDS = ['6eyk-hxee', 'qh9u-swkp', '9mw4-x3tu', 'sa6p-acbp'];

/** OP_AUTH_TYPE values fmcsa-published-2026.md §3.1 lists (the forwarder's printed cut short there). */
const OP_AUTH_TYPES = [
  'Motor Carrier of Property (Except Household Goods)', 'Broker of Property (Except Household Goods)', 'Motor Carrier of Household Goods',
  'Motor Carrier of Passengers', 'Broker of Household Goods', 'Freight Forwarder of Household Goods',
];
const isOpAuthType = (t: string) => OP_AUTH_TYPES.includes(t) || t.startsWith('Freight Forwarder of Property');

function referenceDiff(a: Map<string, Snap>, b: Map<string, Snap>) {
  const pick = (s: Snap, cat: keyof typeof CATEGORY_FIELDS) =>
    Object.fromEntries(CATEGORY_FIELDS[cat].map((f) => [f, s[f as keyof Snap]]));
  const changed = (o: Snap, n: Snap, cat: keyof typeof CATEGORY_FIELDS) =>
    CATEGORY_FIELDS[cat].some((f) => o[f as keyof Snap] !== n[f as keyof Snap]);
  const out: { dot_number: string; category: string; old_values: object; new_values: object }[] = [];
  const dots = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => Number(x) - Number(y));
  for (const dot of dots) {
    const o = a.get(dot);
    const n = b.get(dot);
    const push = (category: keyof typeof CATEGORY_FIELDS) =>
      out.push({ dot_number: dot, category, old_values: o ? pick(o, category) : {}, new_values: n ? pick(n, category) : {} });
    if (!o) push('new_carrier');
    else if (!n) push('removed_carrier');
    else {
      if (changed(o, n, 'authority_change')) push('authority_change');
      if (o.revocation_pending === '' && n.revocation_pending !== '') push('revocation_pending');
      if (changed(o, n, 'insurance_change')) push('insurance_change');
      if (
        o.total_crashes !== n.total_crashes ||
        o.fatal_crashes !== n.fatal_crashes ||
        oosRateMoved(o.driver_oos_rate, n.driver_oos_rate, n.driver_inspections) ||
        oosRateMoved(o.vehicle_oos_rate, n.vehicle_oos_rate, n.vehicle_inspections)
      ) {
        push('safety_change');
      }
      if (fleetMoved(o.power_units, n.power_units) || fleetMoved(o.drivers, n.drivers)) push('fleet_change');
      if (changed(o, n, 'identity_change')) push('identity_change');
      if (changed(o, n, 'contact_change')) push('contact_change');
    }
  }
  return out;
}

const MDY = /^\d{2}\/\d{2}\/\d{4}$/;
const YMD = /^\d{8}$/;
/** Rows whose listed columns do not all match. */
const misfits = (rows: Row[], checks: Record<string, RegExp | ((v: string) => boolean)>) =>
  rows.filter((r) => Object.entries(checks).some(([c, t]) => !(typeof t === 'function' ? t(r[c]) : t.test(r[c]))));

// --- tests --------------------------------------------------------------------------------------

describe('synthesize', () => {
  it('writes one folder per day with the published files named by dataset id, plus clusters.json', () => {
    expect(fs.readdirSync(runA).sort()).toEqual([...DATES, 'clusters.json']);
    for (const [i, d] of DATES.entries()) {
      const motus = i === 0 ? MOTUS_FULL : MOTUS_DIFF;
      expect(fs.readdirSync(path.join(runA, d)).sort()).toEqual([...SOURCE_IDS, ...motus].map((id) => `${id}.csv`).concat('manifest.json').sort());
    }
    expect(summary.days.map((d) => d.date)).toEqual(DATES);
    expect(summary.days.every((d) => d.skipped_edges.length === 0)).toBe(true);
  });

  it('is deterministic: the same seed gives byte-identical files, another seed does not', () => {
    const runB = path.join(tmp, 'b');
    synthesize({ carriers: CARRIERS, days: DAYS, seed: SEED, out: runB });
    expect(hashTree(runB)).toEqual(hashTree(runA));
    const runC = path.join(tmp, 'c');
    synthesize({ carriers: CARRIERS, days: 1, seed: SEED + 1, out: runC });
    expect(hashTree(runC)['2026-11-01/az4n-8mr2.csv']).not.toEqual(hashTree(runA)['2026-11-01/az4n-8mr2.csv']);
  });

  it('writes the census identically on the writer thread', () => {
    const inline = path.join(tmp, 'inline');
    const threaded = path.join(tmp, 'threaded');
    synthesize({ carriers: 1500, days: 2, seed: 3, out: inline, threads: false });
    synthesize({ carriers: 1500, days: 2, seed: 3, out: threaded, threads: true });
    expect(hashTree(threaded)).toEqual(hashTree(inline));
  });

  it('writes the census as its rows.csv export: the 147 published columns, A/I/P, operations that agree with CLASSDEF', () => {
    expect(headerOf(DATES[1], 'az4n-8mr2')).toBe(PUBLISHED_HEADER.census);
    const { header, rows } = table(DATES[1], 'az4n-8mr2.csv');
    expect(rows.length).toBe(summary.days[1].carriers);
    const I = Object.fromEntries(header.map((c, i) => [c, i]));
    const bad = rows.filter(
      (r) =>
        r.length !== 147 ||
        !/^[1-9]\d*$/.test(r[I.DOT_NUMBER]) ||
        !/^\d{8}$/.test(r[I.ADD_DATE]) ||
        !/^\d{8}( \d{4})?$/.test(r[I.MCS150_DATE]) ||
        !['A', 'I', 'P'].includes(r[I.STATUS_CODE]) ||
        !['A', 'B', 'C', ''].includes(r[I.CARRIER_OPERATION]) ||
        CARGO.some((c) => !['', 'X'].includes(r[I[`CRGO_${c}`]])),
    );
    expect(bad).toEqual([]);
    // Variants the ingest must normalise are present.
    expect(rows.some((r) => /^\(\d{3}\) \d{3}-\d{4}$/.test(r[I.PHONE]))).toBe(true);
    expect(rows.some((r) => r[I.DOCKET1PREFIX] === 'MC' && r[I.DOCKET1].startsWith('0'))).toBe(true);
    expect(rows.some((r) => r[I.CARSHIP].includes(';'))).toBe(true);
    // B is intrastate hazmat; a blank operation runs no vehicle; authorized for hire across state
    // lines goes with a docket in the registration files.
    const registered = new Set([...rowsOf(DATES[0], '6eyk-hxee').map((r) => dotKey(r.DOT_NUMBER)), ...motusOf.get(DATES[1])!.sets.carrier.map((r) => dotKey(r.USDOT_NUMBER))]);
    const op = (r: string[]) => r[I.CARRIER_OPERATION];
    expect(rows.filter((r) => op(r) === 'B' && r[I.HM_Ind] !== 'Y')).toEqual([]);
    expect(rows.filter((r) => op(r) === '' && (r[I.POWER_UNITS] !== '0' || CARGO.some((c) => r[I[`CRGO_${c}`]] === 'X')))).toEqual([]);
    const forHire = rows.filter((r) => op(r) === 'A' && r[I.CLASSDEF].split(';').includes('AUTHORIZED FOR HIRE'));
    expect(forHire.length).toBeGreaterThan(0);
    expect(forHire.filter((r) => !registered.has(r[I.DOT_NUMBER])).map((r) => r[I.DOT_NUMBER])).toEqual([]);
  });

  it('freezes the legacy archives at the cutover: rows.csv exports, the same file in every day folder', () => {
    const first = path.join(runA, DATES[0]);
    const cutover = summary.cutover_date;
    expect(cutover).toBe(datasets.legacy_frozen_on);
    for (const id of LEGACY_IDS) {
      for (const d of DATES.slice(1)) expect(fs.statSync(dayFile(d, `${id}.csv`)).ino).toBe(fs.statSync(path.join(first, `${id}.csv`)).ino);
    }
    expect(headerOf(DATES[0], '6eyk-hxee')).toBe(PUBLISHED_HEADER.legacyCarrier);
    expect(headerOf(DATES[0], 'qh9u-swkp')).toBe(PUBLISHED_HEADER.legacyActPendIns);
    expect(headerOf(DATES[0], '9mw4-x3tu')).toBe(PUBLISHED_HEADER.legacyAuthHist);
    expect(headerOf(DATES[0], 'sa6p-acbp')).toBe(PUBLISHED_HEADER.legacyRevocation);
    const docket = /^MC\d{6,7}$/;
    const dot = /^\d{8}$/;
    const yn = /^[YN]$/;
    const carrier = rowsOf(DATES[0], '6eyk-hxee');
    expect(carrier.length).toBeGreaterThan(0);
    expect(misfits(carrier, {
      DOCKET_NUMBER: docket, DOT_NUMBER: dot, COMMON_STAT: /^[AIN]$/, CONTRACT_STAT: /^[AIN]$/, BROKER_STAT: /^[AIN]$/,
      COMMON_APP_PEND: yn, BROKER_APP_PEND: yn, COMMON_REV_PEND: yn, BROKER_REV_PEND: yn,
      MIN_COV_AMOUNT: /^\d{5}$/, BIPD_FILE: /^\d{5}$/, CARGO_FILE: yn, BOND_FILE: yn,
    })).toEqual([]);
    const ins = rowsOf(DATES[0], 'qh9u-swkp');
    const before = (v: string) => MDY.test(v) && isoOf(v) <= cutover;
    expect(misfits(ins, {
      DOCKET_NUMBER: docket, DOT_NUMBER: dot, INS_FORM_CODE: /^(91X|34|84)$/, INS_TYPE_DESC: /^(BIPD\/Primary|BIPD\/Excess|CARGO|SURETY)$/,
      TRANS_DATE: before, EFFECTIVE_DATE: before, MAX_COV_AMOUNT: /^[1-9]\d*$/, UNDERL_LIM_AMOUNT: /^\d+$/, CANCL_EFFECTIVE_DATE: /^$/,
    })).toEqual([]);
    const hist = rowsOf(DATES[0], '9mw4-x3tu');
    expect(misfits(hist, {
      DOCKET_NUMBER: docket, DOT_NUMBER: dot, SUB_NUMBER: /^\d{4}$/, ORIGINAL_ACTION_DESC: /^(GRANTED|REINSTATED)$/, ORIG_SERVED_DATE: before,
      DISP_SERVED_DATE: (v) => v === '' || before(v),
    })).toEqual([]);
    const rev = rowsOf(DATES[0], 'sa6p-acbp');
    expect(misfits(rev, {
      DOCKET_NUMBER: docket, DOT_NUMBER: dot, TYPE_LICENSE: /^(COMMON|CONTRACT|BROKER)$/, ORDER2_TYPE_DESC: /^(IN)?VOLUNTARY REVOCATION$/,
      ORDER1_SERVE_DATE: (v) => v === '' || before(v), ORDER2_EFFECTIVE_DATE: (v) => v === '' || (MDY.test(v) && isoOf(v) < DATES[0]),
    })).toEqual([]);
    // An order pending at the cutover that took effect since: the Carrier row still says pending.
    const pendingThen = new Set(rev.filter((r) => r.ORDER2_EFFECTIVE_DATE && isoOf(r.ORDER2_EFFECTIVE_DATE) > cutover).map((r) => r.DOT_NUMBER));
    expect(carrier.filter((r) => pendingThen.has(r.DOT_NUMBER)).every((r) => [r.COMMON_REV_PEND, r.CONTRACT_REV_PEND, r.BROKER_REV_PEND].includes('Y'))).toBe(true);
  });

  it('writes the Motus full sets, then daily differences with deletions, in the published shapes', () => {
    expect(headerOf(DATES[0], 'inys-ebih')).toBe(PUBLISHED_HEADER.motusCarrier);
    expect(headerOf(DATES[0], 'c5y8-a4uz')).toBe(PUBLISHED_HEADER.motusInsur);
    expect(headerOf(DATES[0], '3uet-3z4i')).toBe(PUBLISHED_HEADER.motusInsHist);
    expect(headerOf(DATES[0], 'yu5v-wbh6')).toBe(PUBLISHED_HEADER.motusAuthHist);
    expect(headerOf(DATES[0], 'wb4f-neki')).toBe(PUBLISHED_HEADER.motusRevoke);
    for (const [i, id] of MOTUS_DIFF.entries()) expect(headerOf(DATES[1], id)).toBe(headerOf(DATES[0], MOTUS_FULL[i]));
    const usdot = /^[1-9]\d*$/;
    const docket = /^MC\d+$/;
    const dollars = /^\d+\.00$/;
    for (const [i, date] of DATES.entries()) {
      const id = (k: number) => (i === 0 ? MOTUS_FULL : MOTUS_DIFF)[k];
      const live = (rows: Row[], set: Parameters<typeof isDeletion>[0]) => rows.filter((r) => !isDeletion(set, r));
      expect(misfits(live(rowsOf(date, id(0)), 'carrier'), {
        DOCKET_NUMBER: docket, USDOT_NUMBER: usdot, OP_AUTH_TYPE: isOpAuthType, OP_AUTH_STATUS: /^(Active|Pending|Inactive)$/,
        MIN_COV_AMOUNT: dollars, BIPD_FILE: dollars, CARGO_FILE: /^[YN]$/, BOND_FILE: /^[YN]$/,
      }), date).toEqual([]);
      expect(misfits(live(rowsOf(date, id(1)), 'insur'), {
        DOCKET_NUMBER: docket, USDOT_NUMBER: usdot, INS_FORM_CODE: /^BMC-(91X|34|84)$/, INS_TYPE_CODE: /^[123]$/, INS_CLASS_CODE: /^[PE]$/,
        MAX_COV_AMOUNT: dollars, UNDERL_LIM_AMOUNT: dollars, EFFECTIVE_DATE: YMD, TRANS_DATE: YMD,
      }), date).toEqual([]);
      expect(misfits(rowsOf(date, id(2)), {
        DOCKET_NUMBER: docket, USDOT_NUMBER: usdot, INS_FORM_CODE: /^BMC-/, FILING_STATUS_REASON: /^(CANCEL|TERM\/REPL)$/, INS_TYPE_IND: /^[ *]$/,
        MAX_COV_AMOUNT: dollars, EFFECTIVE_DATE: YMD, CANCL_EFFECTIVE_DATE: YMD,
      }), date).toEqual([]);
      expect(misfits(rowsOf(date, id(3)), {
        DOCKET_NUMBER: docket, USDOT_NUMBER: usdot, OP_AUTH_TYPE: isOpAuthType, OP_AUTH_STATUS: /^(Active|Pending|Inactive)$/, STATUS_CHANGE_DATE: YMD,
      }), date).toEqual([]);
      expect(misfits(live(rowsOf(date, id(4)), 'revoke'), {
        DOCKET_NUMBER: /^MC-\d+$/, USDOT_NUMBER: usdot, OP_AUTH_TYPE: isOpAuthType, ORDER1_SERVE_DATE: YMD, ORDER1_EFFECTIVE_DATE: YMD,
      }), date).toEqual([]);
    }
    // The days' differences delete: an Insur docket (only the docket filled, then its policies), a
    // withdrawn application's Carrier row, a withdrawn revocation order.
    const state = motusOf.get(DATES.at(-1)!)!;
    expect(state.deletions.insur).toBeGreaterThan(0);
    expect(state.deletions.carrier).toBeGreaterThan(0);
    expect(state.deletions.revoke).toBeGreaterThan(0);
    const insurDeletions = DATES.slice(1).flatMap((d) => rowsOf(d, 'x96h-evps').filter((r) => isDeletion('insur', r)));
    expect(insurDeletions.every((r) => docket.test(r.DOCKET_NUMBER) && r.POLICY_NO === '' && r.MAX_COV_AMOUNT === '')).toBe(true);
    expect(summary.days.slice(1).reduce((n, d) => n + Object.values(d.motus_deletions).reduce((a, b) => a + b, 0), 0)).toBe(
      state.deletions.carrier + state.deletions.insur + state.deletions.revoke,
    );
  });

  it('holds a growing minority in Motus; Motus has the current facts where the frozen archive is stale', () => {
    const legacy = rowsOf(DATES[0], '6eyk-hxee');
    const entities = (d: string) => new Set(motusOf.get(d)!.sets.carrier.map((r) => dotKey(r.USDOT_NUMBER)));
    const first = entities(DATES[0]);
    expect(first.size / legacy.length).toBeGreaterThan(0.04);
    expect(first.size / legacy.length).toBeLessThan(0.11);
    for (const [i, d] of DATES.slice(1).entries()) expect(entities(d).size).toBeGreaterThan(entities(DATES[i]).size);
    // Dockets in both: legacy rows whose common status Motus contradicts (e.g. revoked since).
    const motusStatus = new Map(motusOf.get(DATES[0])!.sets.carrier.filter((r) => !/Broker|Forwarder/.test(r.OP_AUTH_TYPE)).map((r) => [`${dotKey(r.USDOT_NUMBER)}|${docketKey(r.DOCKET_NUMBER)}`, r.OP_AUTH_STATUS]));
    const word = { A: 'Active', I: 'Inactive', N: '' } as Record<string, string>;
    const stale = legacy.filter((r) => {
      const now = motusStatus.get(`${dotKey(r.DOT_NUMBER)}|${docketKey(r.DOCKET_NUMBER)}`);
      return now !== undefined && now !== word[r.COMMON_STAT];
    });
    expect(stale.length).toBeGreaterThan(0);
    // Carriers registered since the cutover are in Motus only.
    expect([...first].filter((d) => !legacy.some((r) => dotKey(r.DOT_NUMBER) === d)).length).toBeGreaterThan(0);
  });

  it('writes the four SMS Pass files, the inspections and the crashes with their published headers', () => {
    const date = DATES[1];
    expect(headerOf(date, 'm3ry-qcip')).toBe(PUBLISHED_HEADER.smsPass);
    expect(headerOf(date, 'h3zn-uid9')).toBe(PUBLISHED_HEADER.smsPass);
    expect(headerOf(date, '4y6x-dmck')).toBe(PUBLISHED_HEADER.smsPassProperty);
    expect(headerOf(date, 'h9zy-gjn8')).toBe(PUBLISHED_HEADER.smsPassProperty);
    expect(headerOf(date, 'rbkj-cgst')).toBe(PUBLISHED_HEADER.smsInspection);
    expect(headerOf(date, '4wxs-vbns')).toBe(PUBLISHED_HEADER.smsCrash);
    const census = new Map(rowsOf(date, 'az4n-8mr2').map((r) => [r.DOT_NUMBER, r]));
    const passenger = (dot: string) => census.get(dot)!.CRGO_PASSENGERS === 'X';
    const op = (dot: string) => census.get(dot)!.CARRIER_OPERATION;
    const pass = { AB: rowsOf(date, 'm3ry-qcip'), C: rowsOf(date, 'h3zn-uid9') };
    const property = { AB: rowsOf(date, '4y6x-dmck'), C: rowsOf(date, 'h9zy-gjn8') };
    // Pass: passenger carriers only, again in PassProperty; AB holds operations A and B, C holds C.
    for (const set of ['AB', 'C'] as const) {
      expect(pass[set].length, set).toBeGreaterThan(0);
      expect(pass[set].filter((r) => !passenger(r.DOT_NUMBER))).toEqual([]);
      const listed = new Set(property[set].map((r) => r.DOT_NUMBER));
      expect(pass[set].filter((r) => !listed.has(r.DOT_NUMBER))).toEqual([]);
      expect([...pass[set], ...property[set]].filter((r) => (op(r.DOT_NUMBER) === 'C') !== (set === 'C'))).toEqual([]);
    }
    expect(property.AB.some((r) => !passenger(r.DOT_NUMBER))).toBe(true);
    const pct = [...pass.AB, ...pass.C].flatMap((r) => ['UNSAFE_DRIV', 'HOS_DRIV', 'DRIV_FIT', 'CONTR_SUBST', 'VEH_MAINT'].map((b) => r[`${b}_PCT`]));
    expect(pct.filter((v) => !/^\d{1,2}%$/.test(v) && !/^Less than \d (driver|vehicle) inspections( with violations)?$/.test(v))).toEqual([]);
    expect(pct.some((v) => v.startsWith('Less than'))).toBe(true);
    expect(pct.some((v) => /^[1-9]\d?%$/.test(v))).toBe(true);
    const insp = rowsOf(date, 'rbkj-cgst');
    // Total_Hazmat_Sent > 0: only hazmat inspections are written.
    expect(misfits(insp, { TOTAL_HAZMAT_SENT: /^[1-9]/, INSP_DATE: /^\d{2}-[A-Z]{3}-\d{2}$/ })).toEqual([]);
    const crash = rowsOf(date, '4wxs-vbns');
    expect(misfits(crash, { DOT_NUMBER: /^[1-9]\d*$/, REPORT_DATE: /^\d{2}-[A-Z]{3}-\d{2}$/, FATALITIES: /^\d+$/ })).toEqual([]);
  });

  it('draws the published proportions', () => {
    const { header, rows } = table(DATES[0], 'az4n-8mr2.csv');
    const I = Object.fromEntries(header.map((c, i) => [c, i]));
    const share = (pred: (r: string[]) => boolean, of = rows) => of.filter(pred).length / of.length;
    expect(rows.length).toBe(CARRIERS);
    // About half the census is active (2.23M of 4.5M); the legacy Carrier archive ~41 % of it.
    expect(share((r) => r[I.STATUS_CODE] === 'A')).toBeGreaterThan(0.45);
    expect(share((r) => r[I.STATUS_CODE] === 'A')).toBeLessThan(0.55);
    expect(rowsOf(DATES[0], '6eyk-hxee').length / rows.length).toBeGreaterThan(0.37);
    expect(rowsOf(DATES[0], '6eyk-hxee').length / rows.length).toBeLessThan(0.45);
    // CARRIER_OPERATION: A 54.6 %, C 36.2 %, B 1.3 %, blank 7.4 % (§5.1).
    const op = (v: string) => share((r) => r[I.CARRIER_OPERATION] === v);
    expect(op('A')).toBeGreaterThan(0.48);
    expect(op('A')).toBeLessThan(0.62);
    expect(op('C')).toBeGreaterThan(0.3);
    expect(op('C')).toBeLessThan(0.44);
    expect(op('B')).toBeGreaterThan(0.004);
    expect(op('B')).toBeLessThan(0.03);
    expect(op('')).toBeGreaterThan(0.03);
    expect(op('')).toBeLessThan(0.11);
    const carriers = rows.filter((r) => r[I.CARSHIP].split(';').includes('C'));
    expect(carriers.length / rows.length).toBeGreaterThan(0.75);
    expect(carriers.length / rows.length).toBeLessThan(0.86);
    const pu = (r: string[]) => Number(r[I.POWER_UNITS]);
    expect(share((r) => pu(r) === 1, carriers)).toBeGreaterThan(0.52);
    expect(share((r) => pu(r) === 1, carriers)).toBeLessThan(0.64);
    expect(share((r) => pu(r) <= 6, carriers)).toBeGreaterThan(0.87);
    expect(share((r) => pu(r) < 20, carriers)).toBeGreaterThan(0.94);
    const brokers = rows.filter((r) => r[I.CARSHIP] === 'B');
    expect(share((r) => pu(r) === 0, brokers)).toBeGreaterThan(0.85);
    expect(share((r) => Number(r[I.TOTAL_DRIVERS]) >= pu(r), carriers)).toBeGreaterThan(0.9);
    expect(new Set(rows.map((r) => r[I.PHY_STATE].toUpperCase())).size).toBeGreaterThan(40);
    expect(share((r) => r[I.CRGO_GENFREIGHT] === 'X', carriers)).toBeGreaterThan(0.5);
    const names = rows.map((r) => r[I.LEGAL_NAME]).join(' ');
    for (const w of ['TRUCKING', 'LOGISTICS', 'TRANSPORT', 'LLC', 'INC']) expect(names).toContain(w);
    // Insurance: most carriers with active common authority hold BIPD; about half hold cargo.
    const snap = snapOf.get(DATES[0])!;
    const forHire = [...snap.values()].filter((s) => s.authority_status === 'ACTIVE');
    const bipd = forHire.filter((s) => s.max_bipd > 0).length / forHire.length;
    expect(bipd).toBeGreaterThan(0.9);
    expect(bipd).toBeLessThan(1);
    const cargo = forHire.filter((s) => s.max_cargo > 0).length / forHire.length;
    expect(cargo).toBeGreaterThan(0.35);
    expect(cargo).toBeLessThan(0.65);
    // Safety: many carriers have no inspections; a few percent have crashes.
    const inspected = [...snap.values()].filter((s) => s.driver_inspections > 0 || s.vehicle_inspections > 0).length;
    expect(inspected / rows.length).toBeGreaterThan(0.15);
    expect(inspected / rows.length).toBeLessThan(0.6);
    const crashDots = new Set(rowsOf(DATES[0], '4wxs-vbns').map((r) => r.DOT_NUMBER));
    expect(crashDots.size / rows.length).toBeGreaterThan(0.02);
    expect(crashDots.size / rows.length).toBeLessThan(0.1);
  });

  it('plants related-company clusters, chameleons and a big shared phone', () => {
    const { clusters } = JSON.parse(fs.readFileSync(path.join(runA, 'clusters.json'), 'utf8')) as {
      clusters: { id: string; kind: string; value: string; dot_numbers: string[]; chameleon: boolean; inactive_dot_numbers: string[]; big: boolean }[];
    };
    expect(new Set(clusters.map((c) => c.kind))).toEqual(new Set(['phone', 'email', 'address', 'officer']));
    const chameleons = clusters.filter((c) => c.chameleon);
    expect(chameleons.length).toBeGreaterThan(0);
    for (const c of chameleons) expect(c.inactive_dot_numbers.length).toBeGreaterThan(0);
    const bigPhone = clusters.find((c) => c.big && c.kind === 'phone')!;
    expect(bigPhone.dot_numbers.length).toBeGreaterThanOrEqual(30);
    // Every member carries the shared value on every day (members never lose it).
    for (const date of DATES) {
      const snap = snapOf.get(date)!;
      const holds = (c: (typeof clusters)[number], s: Snap) =>
        c.kind === 'phone' ? s.phone === c.value
        : c.kind === 'email' ? s.email === c.value
        : c.kind === 'address' ? [s.phy_street, s.phy_city, s.phy_state, s.phy_zip].join('|') === c.value
        : s.officer_1 === c.value || s.officer_2 === c.value;
      const missing = clusters.flatMap((c) => c.dot_numbers.filter((dot) => !snap.has(dot) || !holds(c, snap.get(dot)!)).map((dot) => `${c.id}:${dot}`));
      expect(missing).toEqual([]);
      // Outside the planted clusters, phones are unique.
      const byPhone = new Map<string, number>();
      for (const s of snap.values()) if (s.phone) byPhone.set(s.phone, (byPhone.get(s.phone) ?? 0) + 1);
      const planted = new Set(clusters.filter((c) => c.kind === 'phone').map((c) => c.value));
      for (const [phone, n] of byPhone) if (n > 1) expect(planted.has(phone)).toBe(true);
    }
  });

  it('lists exactly the changes a diff of the files finds, with typed values', () => {
    expect(readManifest(DATES[0])).toMatchObject({ date: DATES[0], previous_date: null, changes: [], edge_cases: [] });
    for (const [i, date] of DATES.slice(1).entries()) {
      const m = readManifest(date);
      expect(m.date).toBe(date);
      expect(m.changes).toEqual(referenceDiff(snapOf.get(DATES[i])!, snapOf.get(date)!));
      for (const c of m.changes) {
        const fields = CATEGORY_FIELDS[c.category];
        if (c.category !== 'new_carrier') expect(Object.keys(c.old_values)).toEqual(fields);
        if (c.category !== 'removed_carrier') expect(Object.keys(c.new_values)).toEqual(fields);
      }
      expect(m.summary.total_changes).toBe(m.changes.length);
    }
  });

  it('covers every change category and the threshold edges every day', () => {
    const legacy = readLegacy(path.join(runA, DATES[0]));
    const seen = new Set<string>();
    const statuses = new Set<string>();
    for (const [i, date] of DATES.slice(1).entries()) {
      const m = readManifest(date);
      const prev = snapOf.get(DATES[i])!;
      const next = snapOf.get(date)!;
      for (const c of m.changes) seen.add(c.category);
      for (const s of next.values()) statuses.add(s.authority_status).add(s.broker_authority_status);
      expect(m.edge_cases.map((e) => e.kind).sort()).toEqual([...EDGE_KINDS].sort());
      for (const e of m.edge_cases) {
        const cats = m.changes.filter((c) => c.dot_number === e.dot_number).map((c) => c.category);
        if (e.expected_change) expect(cats).toEqual([e.category]);
        else expect(cats).toEqual([]);
      }
      const byKind = Object.fromEntries(m.edge_cases.map((e) => [e.kind, e]));
      const safety = (kind: string) => {
        const dot = byKind[kind].dot_number;
        return { dot, change: m.changes.find((c) => c.dot_number === dot && c.category === 'safety_change') };
      };
      // The rounded rates (from the files) move by exactly 500 vs 501 hundredths, with ≥ 10 inspections.
      const move = (kind: string, which: 'driver' | 'vehicle') => {
        const dot = byKind[kind].dot_number;
        const [o, n] = [prev.get(dot)!, next.get(dot)!];
        const key = `${which}_oos_rate` as const;
        expect(n[`${which}_inspections`]).toBeGreaterThanOrEqual(9);
        return Math.abs(Math.round(n[key]! * 100) - Math.round(o[key]! * 100));
      };
      expect(move('oos_driver_exactly_5_00', 'driver')).toBe(500);
      expect(move('oos_driver_5_01', 'driver')).toBe(501);
      expect(move('oos_vehicle_exactly_5_00', 'vehicle')).toBe(500);
      expect(move('oos_vehicle_5_01', 'vehicle')).toBe(501);
      expect(move('oos_large_move_9_inspections', 'driver')).toBeGreaterThan(500);
      expect(next.get(byKind.oos_large_move_9_inspections.dot_number)!.driver_inspections).toBe(9);
      expect(safety('oos_driver_5_01').change).toBeDefined();
      expect(safety('oos_driver_exactly_5_00').change).toBeUndefined();
      expect(safety('oos_large_move_10_inspections').change!.new_values.driver_inspections).toBe(10);
      // Fleet: exactly 20% / 10 units are no change; one more is.
      for (const f of ['power_units', 'drivers'] as const) {
        const delta = (kind: string) => {
          const dot = byKind[`${kind}_${f}`].dot_number;
          return { o: prev.get(dot)![f], n: next.get(dot)![f] };
        };
        const p20 = delta('fleet_exactly_20pct');
        expect((p20.n - p20.o) * 5).toBe(p20.o);
        const u10 = delta('fleet_exactly_10_units');
        expect(u10.n - u10.o).toBe(10);
        const u11 = delta('fleet_11_units');
        expect(u11.n - u11.o).toBe(11);
      }
      // Motus wins: the archive still says ACTIVE and $1M where Motus says INACTIVE and $750k.
      const change = (kind: string, category: string) => m.changes.find((c) => c.dot_number === byKind[kind].dot_number && c.category === category)!;
      const authority = (kind: string) => change(kind, 'authority_change');
      const archived = (kind: string) => legacy.carrier.find((r) => dotKey(r.DOT_NUMBER) === byKind[kind].dot_number)!;
      expect(authority('legacy_authority_revoked_in_motus')).toMatchObject({ old_values: { authority_status: 'ACTIVE' }, new_values: { authority_status: 'INACTIVE' } });
      expect(archived('legacy_authority_revoked_in_motus').COMMON_STAT).toBe('A');
      expect(change('bipd_limit_changed', 'insurance_change')).toMatchObject({ old_values: { max_bipd: 1_000_000 }, new_values: { max_bipd: 750_000 } });
      expect(archived('bipd_limit_changed').BIPD_FILE).toBe('01000');
      // A forwarder's legacy common authority is a freight-forwarder authority in Motus, which
      // counts as common authority: no change.
      const forwarder = byKind.forwarder_authority_in_motus.dot_number;
      expect(m.changes.filter((c) => c.dot_number === forwarder && c.category === 'authority_change')).toEqual([]);
      expect(rowsOf(date, 'nakq-58th').filter((r) => r.USDOT_NUMBER === forwarder).map((r) => r.OP_AUTH_TYPE)).toContain('Freight Forwarder of Property (Except Household Goods)');
      // A pending application, and one withdrawn (its Carrier row deleted).

      expect(authority('authority_application_pending').new_values.broker_authority_status).toBe('PENDING');
      const withdrawn = authority('authority_application_withdrawn');
      expect(Object.values(withdrawn.old_values)).toContain('PENDING');
      expect(Object.values(withdrawn.new_values)).not.toContain('PENDING');
    }
    expect([...seen].sort()).toEqual([...CHANGE_CATEGORIES].sort());
    expect([...statuses].sort()).toEqual(['ACTIVE', 'INACTIVE', 'NONE', 'PENDING']);
  });
});
