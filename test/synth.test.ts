/**
 * pipeline/synth: determinism, file layouts, distributions, and the manifest. The manifest is
 * checked against an independent re-derivation from the written files (the rules of
 * lib/snapshot.ts applied to the raw rows, diffed with lib/domain.ts), so "what a correct
 * ingest + diff finds" and "what the manifest says" cannot drift apart.
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

const CARRIERS = 3000;
const DAYS = 3;
const SEED = 20261101;
const DATES = ['2026-11-01', '2026-11-02', '2026-11-03'];

let tmp: string;
let runA: string;
let summary: SynthSummary;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'synth-test-'));
  runA = path.join(tmp, 'a');
  summary = synthesize({ carriers: CARRIERS, days: DAYS, seed: SEED, out: runA });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// --- small file readers (no multi-line fields in these dumps) -----------------------------------

const lines = (file: string): string[] => fs.readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
const dayFile = (date: string, name: string) => path.join(runA, date, name);

function table(date: string, name: string): { header: string[]; rows: string[][] } {
  const [head, ...rest] = lines(dayFile(date, name));
  return { header: splitCsv(head), rows: rest.map(splitCsv) };
}
const headerless = (date: string, name: string): string[][] => lines(dayFile(date, name)).map(splitCsv);
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

// --- the census layout, written out independently of pipeline/synth/columns.ts ------------------

const SUFFIXES = ['TRUCK', 'TRACT', 'TRAIL', 'COACH', 'SCHOOL_1_8', 'SCHOOL_9_15', 'SCHOOL_16', 'BUS_16', 'VAN_1_8', 'VAN_9_15', 'LIMO_1_8', 'LIMO_9_15', 'LIMO_16'];
const CARGO = ['GENFREIGHT', 'HOUSEHOLD', 'METALSHEET', 'MOTOVEH', 'DRIVETOW', 'LOGPOLE', 'BLDGMAT', 'MOBILEHOME', 'MACHLRG', 'PRODUCE', 'LIQGAS', 'INTERMODAL', 'PASSENGERS', 'OILFIELD', 'LIVESTOCK', 'GRAINFEED', 'COALCOKE', 'MEAT', 'GARBAGE', 'USMAIL', 'CHEM', 'DRYBULK', 'COLDFOOD', 'BEVERAGES', 'PAPERPROD', 'UTILITY', 'FARMSUPP', 'CONSTRUCT', 'WATERWELL'];
const EXPECTED_CENSUS = [
  ...'MCS150_DATE ADD_DATE STATUS_CODE DOT_NUMBER DUN_BRADSTREET_NO PHY_OMC_REGION SAFETY_INV_TERR CARRIER_OPERATION BUSINESS_ORG_ID MCS150_MILEAGE MCS150_MILEAGE_YEAR MCS151_MILEAGE TOTAL_CARS MCS150_UPDATE_CODE_ID PRIOR_REVOKE_FLAG PRIOR_REVOKE_DOT_NUMBER PHONE FAX CELL_PHONE COMPANY_OFFICER_1 COMPANY_OFFICER_2 BUSINESS_ORG_DESC TRUCK_UNITS POWER_UNITS BUS_UNITS FLEETSIZE REVIEW_ID RECORDABLE_CRASH_RATE MAIL_NATIONALITY_INDICATOR PHY_NATIONALITY_INDICATOR PHY_BARRIO MAIL_BARRIO CARSHIP DOCKET1PREFIX DOCKET1 DOCKET2PREFIX DOCKET2 DOCKET3PREFIX DOCKET3 POINTNUM TOTAL_INTRASTATE_DRIVERS MCSIPSTEP MCSIPDATE HM_Ind INTERSTATE_BEYOND_100_MILES INTERSTATE_WITHIN_100_MILES INTRASTATE_BEYOND_100_MILES INTRASTATE_WITHIN_100_MILES TOTAL_CDL TOTAL_DRIVERS AVG_DRIVERS_LEASED_PER_MONTH CLASSDEF LEGAL_NAME DBA_NAME PHY_STREET PHY_CITY PHY_COUNTRY PHY_STATE PHY_ZIP PHY_CNTY CARRIER_MAILING_STREET CARRIER_MAILING_STATE CARRIER_MAILING_CITY CARRIER_MAILING_COUNTRY CARRIER_MAILING_ZIP CARRIER_MAILING_CNTY CARRIER_MAILING_UND_DATE DRIVER_INTER_TOTAL EMAIL_ADDRESS REVIEW_TYPE REVIEW_DATE SAFETY_RATING SAFETY_RATING_DATE UNDELIV_PHY'.split(' '),
  ...CARGO.map((c) => `CRGO_${c}`),
  'CRGO_CARGOOTHR',
  'CRGO_CARGOOTHR_DESC',
  ...['OWN', 'TRM', 'TRP'].flatMap((p) => SUFFIXES.map((s) => p + s)),
  'DOCKET1_STATUS_CODE',
  'DOCKET2_STATUS_CODE',
  'DOCKET3_STATUS_CODE',
];

// --- an independent snapshot of one day, from the raw files (lib/snapshot.ts rules) -------------

interface Snap {
  legal_name: string;
  dba_name: string;
  carrier_status: string;
  authority_status: string;
  broker_authority_status: string;
  revocation_pending: string;
  phy_street: string;
  phy_city: string;
  phy_state: string;
  phy_zip: string;
  phone: string;
  email: string;
  officer_1: string;
  officer_2: string;
  power_units: number;
  drivers: number;
  max_bipd: number;
  max_cargo: number;
  driver_inspections: number;
  vehicle_inspections: number;
  driver_oos_rate: number | null;
  vehicle_oos_rate: number | null;
  total_crashes: number;
  fatal_crashes: number;
}

const mdyToIso = (s: string) => `${s.slice(6)}-${s.slice(0, 2)}-${s.slice(3, 5)}`;
const rate = (oos: number, insp: number) => (insp > 0 ? Math.round(((oos * 100) / insp) * 100) / 100 : null);
const statusWord = (c: string | undefined) => (c === 'A' ? 'ACTIVE' : c === 'I' ? 'INACTIVE' : 'NONE');

function snapshotOf(date: string): Map<string, Snap> {
  const census = table(date, 'census.csv');
  const I = Object.fromEntries(census.header.map((c, i) => [c, i]));
  const snap = new Map<string, Snap>();
  for (const r of census.rows) {
    const digits = r[I.PHONE].replace(/\D/g, '');
    snap.set(String(Number(r[I.DOT_NUMBER])), {
      legal_name: r[I.LEGAL_NAME].trim(),
      dba_name: r[I.DBA_NAME].trim(),
      carrier_status: r[I.STATUS_CODE] === 'A' ? 'ACTIVE' : 'INACTIVE',
      authority_status: 'NONE',
      broker_authority_status: 'NONE',
      revocation_pending: '',
      phy_street: r[I.PHY_STREET].trim(),
      phy_city: r[I.PHY_CITY].trim().toUpperCase(),
      phy_state: r[I.PHY_STATE].trim().toUpperCase(),
      phy_zip: r[I.PHY_ZIP],
      phone: digits.length === 11 && digits[0] === '1' ? digits.slice(1) : digits,
      email: r[I.EMAIL_ADDRESS].trim().toLowerCase(),
      officer_1: r[I.COMPANY_OFFICER_1].trim().toUpperCase(),
      officer_2: r[I.COMPANY_OFFICER_2].trim().toUpperCase(),
      power_units: Number(r[I.POWER_UNITS] || 0),
      drivers: Number(r[I.TOTAL_DRIVERS] || 0),
      max_bipd: 0,
      max_cargo: 0,
      driver_inspections: 0,
      vehicle_inspections: 0,
      driver_oos_rate: null,
      vehicle_oos_rate: null,
      total_crashes: 0,
      fatal_crashes: 0,
    });
  }
  for (const r of headerless(date, 'carrier.txt')) {
    const s = snap.get(String(Number(r[1])))!;
    s.authority_status = statusWord(r[4]);
    s.broker_authority_status = statusWord(r[6]);
    s.revocation_pending = [r[10] === 'Y' && 'COMMON', r[11] === 'Y' && 'CONTRACT', r[12] === 'Y' && 'BROKER'].filter(Boolean).join(';');
  }
  for (const r of headerless(date, 'actpendins.txt')) {
    const s = snap.get(String(Number(r[1])))!;
    const inForce = mdyToIso(r[9]) <= date && (r[10] === '' || mdyToIso(r[10]) > date);
    if (!inForce) continue;
    const amount = Number(r[8]) * 1000;
    if (r[3].toUpperCase().startsWith('BIPD')) s.max_bipd = Math.max(s.max_bipd, amount);
    if (r[3].toUpperCase().startsWith('CARGO')) s.max_cargo = Math.max(s.max_cargo, amount);
  }
  const pass = table(date, 'sms_ab_pass.csv');
  const P = Object.fromEntries(pass.header.map((c, i) => [c, i]));
  for (const r of pass.rows) {
    const s = snap.get(r[P.DOT_NUMBER])!;
    s.driver_inspections = Number(r[P.DRIVER_INSP_TOTAL]);
    s.vehicle_inspections = Number(r[P.VEHICLE_INSP_TOTAL]);
    s.driver_oos_rate = rate(Number(r[P.DRIVER_OOS_INSP_TOTAL]), s.driver_inspections);
    s.vehicle_oos_rate = rate(Number(r[P.VEHICLE_OOS_INSP_TOTAL]), s.vehicle_inspections);
  }
  for (const r of table(date, 'crash.csv').rows) {
    const s = snap.get(r[2])!;
    s.total_crashes++;
    if (Number(r[5]) > 0) s.fatal_crashes++;
  }
  return snap;
}

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

// --- tests --------------------------------------------------------------------------------------

describe('synthesize', () => {
  it('writes one folder per day with the agreed files, plus clusters.json', () => {
    expect(fs.readdirSync(runA).sort()).toEqual([...DATES, 'clusters.json']);
    for (const d of DATES) {
      expect(fs.readdirSync(path.join(runA, d)).sort()).toEqual(
        ['actpendins.txt', 'authhist.txt', 'carrier.txt', 'census.csv', 'crash.csv', 'manifest.json', 'revocation.txt', 'sms_ab_pass.csv', 'sms_inspection.csv'],
      );
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
    expect(hashTree(runC)['2026-11-01/census.csv']).not.toEqual(hashTree(runA)['2026-11-01/census.csv']);
  });

  it('writes census.csv identically on the writer thread', () => {
    const inline = path.join(tmp, 'inline');
    const threaded = path.join(tmp, 'threaded');
    synthesize({ carriers: 1500, days: 2, seed: 3, out: inline, threads: false });
    synthesize({ carriers: 1500, days: 2, seed: 3, out: threaded, threads: true });
    expect(hashTree(threaded)).toEqual(hashTree(inline));
  });

  it('writes the census with the 147 columns of the Company Census File, in order', () => {
    expect(EXPECTED_CENSUS).toHaveLength(147);
    const { header, rows } = table(DATES[1], 'census.csv');
    expect(header).toEqual(EXPECTED_CENSUS);
    expect(rows.length).toBe(summary.days[1].carriers);
    const I = Object.fromEntries(header.map((c, i) => [c, i]));
    const bad = rows.filter(
      (r) =>
        r.length !== 147 ||
        !/^[1-9]\d*$/.test(r[I.DOT_NUMBER]) ||
        !/^\d{8}$/.test(r[I.ADD_DATE]) ||
        !/^\d{8}( \d{4})?$/.test(r[I.MCS150_DATE]) ||
        !['A', 'I'].includes(r[I.STATUS_CODE]) ||
        CARGO.some((c) => !['', 'X'].includes(r[I[`CRGO_${c}`]])),
    );
    expect(bad).toEqual([]);
    // Variants the ingest must normalise are present.
    expect(rows.some((r) => /^\(\d{3}\) \d{3}-\d{4}$/.test(r[I.PHONE]))).toBe(true);
    expect(rows.some((r) => r[I.DOCKET1PREFIX] === 'MC' && r[I.DOCKET1].startsWith('0'))).toBe(true);
    expect(rows.some((r) => r[I.CARSHIP].includes(';'))).toBe(true);
    expect(rows.some((r) => r[I.CLASSDEF].includes('AUTHORIZED FOR HIRE'))).toBe(true);
  });

  it('writes the L&I files headerless, fully quoted, DOT padded to 8, amounts in thousands', () => {
    const checkQuoted = (name: string, fields: number) => {
      const bad = lines(dayFile(DATES[1], name)).filter((line) => {
        const f = splitCsv(line);
        return !line.startsWith('"') || !line.endsWith('"') || f.length !== fields || !/^MC\d{6,7}$/.test(f[0]) || !/^\d{8}$/.test(f[1]);
      });
      expect(bad).toEqual([]);
    };
    checkQuoted('carrier.txt', 43);
    checkQuoted('actpendins.txt', 11);
    checkQuoted('authhist.txt', 9);
    checkQuoted('revocation.txt', 6);
    const carrier = headerless(DATES[1], 'carrier.txt');
    expect(carrier.filter((r) => [4, 5, 6].some((i) => !['A', 'I', 'N'].includes(r[i])) || [18, 21, 22, 23].some((i) => !/^\d{5}$/.test(r[i])))).toEqual([]);
    const ins = headerless(DATES[1], 'actpendins.txt');
    const date = /^\d{2}\/\d{2}\/\d{4}$/;
    expect(ins.filter((r) => !/^\d{5}$/.test(r[8]) || !date.test(r[9]) || (r[10] !== '' && !date.test(r[10])))).toEqual([]);
    const types = new Set(ins.map((r) => r[3]));
    expect([...types].sort()).toEqual(['BIPD/Excess', 'BIPD/Primary', 'CARGO', 'SURETY'].filter((t) => types.has(t)));
    expect(types.has('BIPD/Primary') && types.has('CARGO')).toBe(true);
    const hist = headerless(DATES[1], 'authhist.txt');
    expect(hist.some((r) => r[4] === 'GRANTED' && /^\d{2}\/\d{2}\/\d{4}$/.test(r[5]))).toBe(true);
  });

  it('writes the SMS files with their headers', () => {
    const pass = table(DATES[1], 'sms_ab_pass.csv');
    expect(pass.header).toHaveLength(36);
    expect(pass.header.slice(0, 6)).toEqual(['DOT_NUMBER', 'INSP_TOTAL', 'DRIVER_INSP_TOTAL', 'DRIVER_OOS_INSP_TOTAL', 'VEHICLE_INSP_TOTAL', 'VEHICLE_OOS_INSP_TOTAL']);
    expect(pass.header[35]).toBe('VEH_MAINT_BASIC_ALERT');
    expect(pass.rows.filter((r) => r.length !== 36)).toEqual([]);
    const insp = table(DATES[1], 'sms_inspection.csv');
    expect(insp.header).toHaveLength(39);
    expect(insp.header[12]).toBe('Hazmat_OOS_Total');
    // Total_Hazmat_Sent > 0: only hazmat inspections are written.
    expect(insp.rows.filter((r) => r.length !== 39 || !(Number(r[10]) > 0))).toEqual([]);
    const crash = table(DATES[1], 'crash.csv');
    expect(crash.header).toHaveLength(22);
    expect(crash.header.slice(0, 8)).toEqual(['report_number', 'report_seq_no', 'dot_number', 'report_date', 'report_state', 'fatalities', 'injuries', 'tow_away']);
    expect(crash.rows.filter((r) => r.length !== 22)).toEqual([]);
  });

  it('draws realistic distributions', () => {
    const { header, rows } = table(DATES[0], 'census.csv');
    const I = Object.fromEntries(header.map((c, i) => [c, i]));
    const share = (pred: (r: string[]) => boolean, of = rows) => of.filter(pred).length / of.length;
    expect(share((r) => r[I.STATUS_CODE] === 'A')).toBeGreaterThan(0.72);
    expect(share((r) => r[I.STATUS_CODE] === 'A')).toBeLessThan(0.82);
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
    const withMc = share((r) => r[I.DOCKET1PREFIX] !== '' || r[I.DOCKET2PREFIX] !== '', rows.filter((r) => /[CB]/.test(r[I.CARSHIP])));
    expect(withMc).toBeGreaterThan(0.5);
    expect(withMc).toBeLessThan(0.7);
    expect(share((r) => r[I.CRGO_GENFREIGHT] === 'X', carriers)).toBeGreaterThan(0.5);
    const names = rows.map((r) => r[I.LEGAL_NAME]).join(' ');
    for (const w of ['TRUCKING', 'LOGISTICS', 'TRANSPORT', 'LLC', 'INC']) expect(names).toContain(w);
    // Insurance: most for-hire carriers hold BIPD; about half hold cargo; some hold none.
    const carrier = headerless(DATES[0], 'carrier.txt');
    const forHire = carrier.filter((r) => r[4] === 'A');
    const bipd = forHire.filter((r) => r[21] !== '00000').length / forHire.length;
    expect(bipd).toBeGreaterThan(0.9);
    expect(bipd).toBeLessThan(1);
    const cargo = forHire.filter((r) => r[22] !== '00000').length / forHire.length;
    expect(cargo).toBeGreaterThan(0.35);
    expect(cargo).toBeLessThan(0.65);
    // Safety: many carriers have no inspections; a few percent have crashes.
    const pass = table(DATES[0], 'sms_ab_pass.csv').rows.length;
    expect(pass / rows.length).toBeGreaterThan(0.15);
    expect(pass / rows.length).toBeLessThan(0.6);
    const crashDots = new Set(table(DATES[0], 'crash.csv').rows.map((r) => r[2]));
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
      const snap = snapshotOf(date);
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
    let prev = snapshotOf(DATES[0]);
    for (const date of DATES.slice(1)) {
      const m = readManifest(date);
      const next = snapshotOf(date);
      expect(m.date).toBe(date);
      expect(m.changes).toEqual(referenceDiff(prev, next));
      for (const c of m.changes) {
        const fields = CATEGORY_FIELDS[c.category];
        if (c.category !== 'new_carrier') expect(Object.keys(c.old_values)).toEqual(fields);
        if (c.category !== 'removed_carrier') expect(Object.keys(c.new_values)).toEqual(fields);
      }
      expect(m.summary.total_changes).toBe(m.changes.length);
      prev = next;
    }
  });

  it('covers every change category and the threshold edges every day', () => {
    const seen = new Set<string>();
    let prev = snapshotOf(DATES[0]);
    for (const date of DATES.slice(1)) {
      const m = readManifest(date);
      const next = snapshotOf(date);
      for (const c of m.changes) seen.add(c.category);
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
      prev = next;
    }
    expect([...seen].sort()).toEqual([...CHANGE_CATEGORIES].sort());
  });
});
