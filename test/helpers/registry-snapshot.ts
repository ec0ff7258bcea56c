/**
 * The snapshot fields the change categories carry, derived from a day folder of published files
 * (census, legacy archive, Motus, SMS) by the rules lib/snapshot.ts documents, written here apart
 * from the pipeline and from the generator: test/synth.test.ts holds a synthetic run's manifest to
 * what these readers find in its files.
 *
 * Motus: a full set is the state; a daily difference applies on the day before's: a row whose
 * columns are blank or zero apart from its keys deletes the rows of its docket, narrowed by the
 * other keys it fills; every other row replaces the rows of the same identity.
 */
import fs from 'node:fs';
import path from 'node:path';
import { splitCsvLine } from '../../pipeline/csv-lines.ts';

export type Row = Record<string, string>;

/** A headered CSV file as rows keyed by upper-case column name (no line breaks inside fields here). */
export function readRows(file: string): Row[] {
  const [head, ...lines] = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l !== '');
  const names = splitCsvLine(head).map((h) => h.toUpperCase());
  return lines.map((l) => {
    const f = splitCsvLine(l);
    return Object.fromEntries(names.map((n, i) => [n, f[i] ?? '']));
  });
}

/** Docket as prefix and number without zeros or hyphen; USDOT number without padding. */
export const docketKey = (s: string): string => {
  const m = /^(MC|FF|MX)-?0*(\d+)$/.exec(s.trim().toUpperCase());
  return m ? `${m[1]}${m[2]}` : s.trim().toUpperCase();
};
export const dotKey = (s: string): string => (/^\d+$/.test(s.trim()) && Number(s) > 0 ? String(Number(s)) : '');

const MOTUS_SETS = {
  carrier: { ids: ['inys-ebih', 'nakq-58th'], keys: ['DOCKET_NUMBER', 'USDOT_NUMBER', 'OP_AUTH_TYPE'], identity: ['DOCKET_NUMBER', 'OP_AUTH_TYPE'] },
  insur: {
    ids: ['c5y8-a4uz', 'x96h-evps'],
    keys: ['DOCKET_NUMBER', 'USDOT_NUMBER', 'POLICY_NO'],
    identity: ['DOCKET_NUMBER', 'INS_FORM_CODE', 'INS_TYPE_CODE', 'INS_CLASS_CODE', 'POLICY_NO', 'EFFECTIVE_DATE'],
  },
  inshist: { ids: ['3uet-3z4i', 'xe5s-wca7'], keys: ['DOCKET_NUMBER', 'USDOT_NUMBER', 'POLICY_NO'], identity: null },
  authhist: { ids: ['yu5v-wbh6', 'dm5j-zc6c'], keys: ['DOCKET_NUMBER', 'USDOT_NUMBER', 'OP_AUTH_TYPE'], identity: null },
  revoke: {
    ids: ['wb4f-neki', 'e67p-xyd5'],
    keys: ['DOCKET_NUMBER', 'USDOT_NUMBER', 'OP_AUTH_TYPE'],
    identity: ['DOCKET_NUMBER', 'OP_AUTH_TYPE', 'ORDER1_SERVE_DATE', 'ORDER1_TYPE_DESC'],
  },
} as const;
export type MotusSet = keyof typeof MOTUS_SETS;

const canon = (col: string, v: string) => (col === 'DOCKET_NUMBER' ? docketKey(v) : col === 'USDOT_NUMBER' ? dotKey(v) : v.trim().toUpperCase());
const blankOrZero = (v: string) => v.trim() === '' || Number(v) === 0;

/** Whether a difference row is a deletion: its docket filled, every other non-key column blank or zero. */
export function isDeletion(set: MotusSet, row: Row): boolean {
  const keys: readonly string[] = MOTUS_SETS[set].keys;
  return row.DOCKET_NUMBER.trim() !== '' && Object.entries(row).every(([c, v]) => keys.includes(c) || blankOrZero(v));
}

const identityOf = (set: MotusSet, row: Row) => {
  const cols = MOTUS_SETS[set].identity ?? Object.keys(row);
  return cols.map((c) => canon(c, row[c])).join('|');
};

/** The Motus sets as they stand after each day folder applied in date order. */
export class MotusState {
  sets: Record<MotusSet, Row[]> = { carrier: [], insur: [], inshist: [], authhist: [], revoke: [] };
  /** Deletion rows seen, per set, over all days applied. */
  deletions: Record<MotusSet, number> = { carrier: 0, insur: 0, inshist: 0, authhist: 0, revoke: 0 };

  apply(dir: string): void {
    for (const set of Object.keys(MOTUS_SETS) as MotusSet[]) {
      const [full, diff] = MOTUS_SETS[set].ids;
      if (fs.existsSync(path.join(dir, `${full}.csv`))) this.sets[set] = readRows(path.join(dir, `${full}.csv`));
      if (!fs.existsSync(path.join(dir, `${diff}.csv`))) continue;
      const rows = readRows(path.join(dir, `${diff}.csv`));
      const keys: readonly string[] = MOTUS_SETS[set].keys;
      let state = this.sets[set];
      for (const d of rows.filter((r) => isDeletion(set, r))) {
        this.deletions[set]++;
        state = state.filter((s) => !keys.every((k) => (k === 'DOCKET_NUMBER' || d[k].trim() !== '' ? canon(k, s[k]) === canon(k, d[k]) : true)));
      }
      const upserts = rows.filter((r) => !isDeletion(set, r));
      const replaced = new Set(upserts.map((r) => identityOf(set, r)));
      this.sets[set] = [...state.filter((s) => !replaced.has(identityOf(set, s))), ...upserts];
    }
  }
}

/** The legacy archives (the same in every day folder). */
export interface Legacy {
  carrier: Row[];
  insurance: Row[];
  revocation: Row[];
}
export const readLegacy = (dir: string): Legacy => ({
  carrier: readRows(path.join(dir, '6eyk-hxee.csv')),
  insurance: readRows(path.join(dir, 'qh9u-swkp.csv')),
  revocation: readRows(path.join(dir, 'sa6p-acbp.csv')),
});

export interface Snap {
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

/** 'MM/DD/YYYY', 'YYYYMMDD' → 'YYYY-MM-DD'; '' stays ''. */
export const isoOf = (s: string): string =>
  s === '' ? '' : s.includes('/') ? `${s.slice(6)}-${s.slice(0, 2)}-${s.slice(3, 5)}` : `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
const RANK: Record<string, number> = { ACTIVE: 4, PENDING: 3, INACTIVE: 2, NONE: 1 };
const best = (a: string, b: string) => (RANK[b] > (RANK[a] ?? 2) ? b : a);
const rate = (oos: number, insp: number) => (insp > 0 ? Math.round(((oos * 100) / insp) * 100) / 100 : null);
/** What a Motus OP_AUTH_TYPE authorises (the snapshot counts motor-carrier and forwarder authority as common). */
const motusKind = (type: string) => (/BROKER/i.test(type) ? 'BROKER' : /FREIGHT FORWARDER/i.test(type) ? 'FREIGHT FORWARDER' : 'COMMON');
const legacyStatus = (stat: string, pending: string) => (stat === 'A' ? 'ACTIVE' : stat === 'I' ? 'INACTIVE' : pending === 'Y' ? 'PENDING' : 'NONE');
const KIND_ORDER = ['COMMON', 'CONTRACT', 'BROKER', 'FREIGHT FORWARDER'];

/** The snapshot of the day folder `dir` (of date `date`), with the legacy archive and the day's Motus state. */
export function snapshotOf(dir: string, date: string, legacy: Legacy, motus: MotusState): Map<string, Snap> {
  const snap = new Map<string, Snap>();
  for (const r of readRows(path.join(dir, 'az4n-8mr2.csv'))) {
    const digits = r.PHONE.replace(/\D/g, '');
    snap.set(dotKey(r.DOT_NUMBER), {
      legal_name: r.LEGAL_NAME.trim(),
      dba_name: r.DBA_NAME.trim(),
      carrier_status: r.STATUS_CODE === 'A' ? 'ACTIVE' : r.STATUS_CODE === 'P' ? 'PENDING' : 'INACTIVE',
      authority_status: 'NONE',
      broker_authority_status: 'NONE',
      revocation_pending: '',
      phy_street: r.PHY_STREET.trim(),
      phy_city: r.PHY_CITY.trim().toUpperCase(),
      phy_state: r.PHY_STATE.trim().toUpperCase(),
      phy_zip: r.PHY_ZIP,
      phone: digits.length === 11 && digits[0] === '1' ? digits.slice(1) : digits,
      email: r.EMAIL_ADDRESS.trim().toLowerCase(),
      officer_1: r.COMPANY_OFFICER_1.trim().toUpperCase(),
      officer_2: r.COMPANY_OFFICER_2.trim().toUpperCase(),
      power_units: Number(r.POWER_UNITS || 0),
      drivers: Number(r.TOTAL_DRIVERS || 0),
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
  const held = (rows: Row[]) => new Set(rows.map((r) => `${dotKey(r.USDOT_NUMBER)}|${docketKey(r.DOCKET_NUMBER)}`));
  const legacyKey = (r: Row) => `${dotKey(r.DOT_NUMBER)}|${docketKey(r.DOCKET_NUMBER)}`;

  // Authority: legacy Carrier rows of dockets Motus Carrier does not hold for the DOT, and Motus's rows.
  const pending = new Map<string, Set<string>>();
  const addPending = (dot: string, kind: string) => pending.set(dot, (pending.get(dot) ?? new Set()).add(kind));
  const motusCarrier = held(motus.sets.carrier);
  const revokedBy = new Set(
    legacy.revocation.filter((o) => o.ORDER2_EFFECTIVE_DATE && isoOf(o.ORDER2_EFFECTIVE_DATE) <= date).map((o) => `${legacyKey(o)}|${o.TYPE_LICENSE}`),
  );
  for (const r of legacy.carrier) {
    const s = snap.get(dotKey(r.DOT_NUMBER));
    if (!s || motusCarrier.has(legacyKey(r))) continue;
    s.authority_status = best(s.authority_status, legacyStatus(r.COMMON_STAT, r.COMMON_APP_PEND));
    s.broker_authority_status = best(s.broker_authority_status, legacyStatus(r.BROKER_STAT, r.BROKER_APP_PEND));
    for (const kind of ['COMMON', 'CONTRACT', 'BROKER']) {
      if (r[`${kind}_REV_PEND`] === 'Y' && !revokedBy.has(`${legacyKey(r)}|${kind}`)) addPending(dotKey(r.DOT_NUMBER), kind);
    }
  }
  for (const r of motus.sets.carrier) {
    const s = snap.get(dotKey(r.USDOT_NUMBER));
    if (!s) continue;
    const status = r.OP_AUTH_STATUS.trim().toUpperCase() || 'NONE';
    const kind = motusKind(r.OP_AUTH_TYPE);
    // A forwarder's freight-forwarder authority counts as common authority too.
    if (kind === 'COMMON' || kind === 'FREIGHT FORWARDER') s.authority_status = best(s.authority_status, status);
    if (kind === 'BROKER') s.broker_authority_status = best(s.broker_authority_status, status);
  }
  for (const o of motus.sets.revoke) {
    if (o.ORDER1_EFFECTIVE_DATE && isoOf(o.ORDER1_EFFECTIVE_DATE) > date) addPending(dotKey(o.USDOT_NUMBER), motusKind(o.OP_AUTH_TYPE));
  }
  for (const [dot, kinds] of pending) {
    const s = snap.get(dot);
    if (s) s.revocation_pending = KIND_ORDER.filter((k) => kinds.has(k)).join(';');
  }

  // Insurance: legacy policies of dockets Motus Insur and InsHist do not hold, and Motus's, in
  // force on the date (a Motus policy's cancellation is in InsHist).
  const motusInsurance = new Set([...held(motus.sets.insur), ...held(motus.sets.inshist)]);
  const ended = new Map<string, string[]>();
  for (const h of motus.sets.inshist) {
    const key = `${docketKey(h.DOCKET_NUMBER)}|${h.POLICY_NO}|${h.INS_FORM_CODE.replace(/^BMC-?/, '')}`;
    ended.set(key, [...(ended.get(key) ?? []), isoOf(h.CANCL_EFFECTIVE_DATE)]);
  }
  const inForce = (effective: string, expires: string) => effective <= date && (expires === '' || expires > date);
  const raise = (dot: string, type: string, amount: number) => {
    const s = snap.get(dot);
    if (!s) return;
    if (type === 'BIPD') s.max_bipd = Math.max(s.max_bipd, amount);
    if (type === 'CARGO') s.max_cargo = Math.max(s.max_cargo, amount);
  };
  for (const r of legacy.insurance) {
    if (motusInsurance.has(legacyKey(r)) || !inForce(isoOf(r.EFFECTIVE_DATE), isoOf(r.CANCL_EFFECTIVE_DATE))) continue;
    raise(dotKey(r.DOT_NUMBER), r.INS_TYPE_DESC.toUpperCase().split('/')[0], Number(r.MAX_COV_AMOUNT) * 1000);
  }
  for (const r of motus.sets.insur) {
    const effective = isoOf(r.EFFECTIVE_DATE);
    const cancels = (ended.get(`${docketKey(r.DOCKET_NUMBER)}|${r.POLICY_NO}|${r.INS_FORM_CODE.replace(/^BMC-?/, '')}`) ?? []).filter((c) => c >= effective).sort();
    if (!inForce(effective, cancels[0] ?? '')) continue;
    raise(dotKey(r.USDOT_NUMBER), r.INS_TYPE_CODE === '1' ? 'BIPD' : r.INS_TYPE_CODE === '2' ? 'CARGO' : '', Number(r.MAX_COV_AMOUNT));
  }

  // SMS: a Pass row (passenger carriers) first, else the PassProperty row with the most inspections.
  const pass = new Map<string, Row>();
  const rank = (r: Row) => ('UNSAFE_DRIV_PCT' in r ? 1e12 : 0) + Number(r.INSP_TOTAL);
  for (const id of ['m3ry-qcip', 'h3zn-uid9', '4y6x-dmck', 'h9zy-gjn8']) {
    for (const r of readRows(path.join(dir, `${id}.csv`))) {
      const old = pass.get(r.DOT_NUMBER);
      if (!old || rank(r) > rank(old)) pass.set(r.DOT_NUMBER, r);
    }
  }
  for (const [dot, r] of pass) {
    const s = snap.get(dot);
    if (!s) continue;
    s.driver_inspections = Number(r.DRIVER_INSP_TOTAL);
    s.vehicle_inspections = Number(r.VEHICLE_INSP_TOTAL);
    s.driver_oos_rate = rate(Number(r.DRIVER_OOS_INSP_TOTAL), s.driver_inspections);
    s.vehicle_oos_rate = rate(Number(r.VEHICLE_OOS_INSP_TOTAL), s.vehicle_inspections);
  }
  for (const r of readRows(path.join(dir, '4wxs-vbns.csv'))) {
    const s = snap.get(dotKey(r.DOT_NUMBER));
    if (!s) continue;
    s.total_crashes++;
    if (Number(r.FATALITIES) > 0) s.fatal_crashes++;
  }
  return snap;
}
