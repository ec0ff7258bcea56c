/**
 * Motus (registration since 2026-05-14) beside the frozen legacy archive: a full set is the
 * state, a daily difference applies on the previous run's, a row with only its keys is a deletion,
 * a missed day asks for the full set, and per dataset Motus wins for every docket it holds, each
 * fact recording its source. The legacy side is DOT 344554's real records; the Motus rows follow
 * the layouts and value shapes fmcsa-published-2026.md §3 documents (no complete real Motus row is
 * public), in both header spellings.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckRows } from '../pipeline/duck.ts';
import { InputError } from '../pipeline/errors.ts';
import { runDay } from '../pipeline/run-stages.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { hullDay } from './helpers/published-days.ts';
import { testPipeline, tempDir, type TestPipeline } from './pipeline-harness.ts';

/** The Motus headers (§3.1-§3.5), in `rows.csv` spelling. */
const HEADER: Record<string, string> = {
  carrier:
    'DOCKET_NUMBER,USDOT_NUMBER,RFC_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,MIN_COV_AMOUNT,CARGO_REQ,BOND_REQ,BIPD_FILE,CARGO_FILE,BOND_FILE,BUS_UNDELIVERABLE_MAIL,MAIL_UNDELIVERABLE_MAIL,DBA_NAME,LEGAL_NAME,BUS_STREET_PO,BUS_COLONIA,BUS_CITY,BUS_STATE_CODE,BUS_CTRY_CODE,BUS_ZIP_CODE,BUS_TELNO,MAIL_STREET_PO,MAIL_COLONIA,MAIL_CITY,MAIL_STATE_CODE,MAIL_CTRY_CODE,MAIL_ZIP_CODE',
  insur:
    'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,INS_TYPE_CODE,INS_CLASS_CODE,MAX_COV_AMOUNT,UNDERL_LIM_AMOUNT,POLICY_NO,EFFECTIVE_DATE,INSURANCE_COMPANY_NAME,TRANS_DATE',
  inshist:
    'DOCKET_NUMBER,USDOT_NUMBER,INS_FORM_CODE,FILING_STATUS_REASON,INS_TYPE_CODE,INS_TYPE_IND,POLICY_NO,INS_TYPE_DESC,MIN_COV_AMOUNT,INS_CLASS_CODE,EFFECTIVE_DATE,UNDERL_LIM_AMOUNT,MAX_COV_AMOUNT,CANCL_EFFECTIVE_DATE,INSURANCE_COMPANY_NAME',
  authhist: 'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,OP_AUTH_STATUS,REASON,STATUS_CHANGE_DATE',
  revoke: 'DOCKET_NUMBER,USDOT_NUMBER,OP_AUTH_TYPE,ORDER1_SERVE_DATE,ORDER1_TYPE_DESC,ORDER1_EFFECTIVE_DATE',
};
/** Full set / daily difference ids of each (data/fmcsa-datasets.json). */
const IDS: Record<string, [string, string]> = {
  carrier: ['inys-ebih', 'nakq-58th'],
  insur: ['c5y8-a4uz', 'x96h-evps'],
  inshist: ['3uet-3z4i', 'xe5s-wca7'],
  authhist: ['yu5v-wbh6', 'dm5j-zc6c'],
  revoke: ['wb4f-neki', 'e67p-xyd5'],
};

const PROPERTY = 'Motor Carrier of Property (Except Household Goods)';
const BROKER = 'Broker of Property (Except Household Goods)';
const FORWARDER = 'Freight Forwarder of Property (Except Household Goods)';

/** A Motus file: rows by header name; `/resource` spelling quotes a lower-case header and every field. */
function motusFile(dir: string, set: string, kind: 'full' | 'diff', rows: Record<string, string>[], spelling: 'rows' | 'resource' = 'rows') {
  const names = HEADER[set].split(',');
  const q = (v: string) => (spelling === 'resource' || /[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const header = spelling === 'rows' ? names.join(',') : names.map((n) => q(n.toLowerCase())).join(',');
  const lines = rows.map((r) => names.map((n) => q(r[n] ?? '')).join(','));
  fs.writeFileSync(path.join(dir, `${IDS[set][kind === 'full' ? 0 : 1]}.csv`), [header, ...lines].join('\n') + '\n');
}

let app: TestApp;
let env: TestPipeline;
let root: string;
const profile = async () => (await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: '344554' } } })).data!;
const policies = async () => (await app.api.GET('/v1/carriers/{dot_number}/insurance', { params: { path: { dot_number: '344554' } } })).data!.policies;

beforeAll(async () => {
  app = await startApp();
  env = await testPipeline(app.db.pool);
  root = tempDir('motus-days-');
});
afterAll(async () => {
  await env?.close();
  await app?.close();
});

describe('Motus beside the legacy archive', () => {
  it('day 1: the full sets are the state; Motus wins for the docket it holds, each fact with its source', async () => {
    const dir = hullDay(root, 'rows', '2026-09-14');
    // Dockets as Motus writes them: unhyphenated, hyphenated, zero-padded; DOT unpadded.
    motusFile(dir, 'carrier', 'full', [
      {
        DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: PROPERTY, OP_AUTH_STATUS: 'Active',
        MIN_COV_AMOUNT: '750000.00', BIPD_FILE: '1000000.00', CARGO_FILE: 'N', BOND_FILE: 'N', LEGAL_NAME: 'HULL COOPERATIVE ASSOCIATION',
      },
    ]);
    motusFile(dir, 'insur', 'full', [
      {
        DOCKET_NUMBER: 'MC-421775', USDOT_NUMBER: '344554', INS_FORM_CODE: 'BMC-91X', INS_TYPE_CODE: '1', INS_CLASS_CODE: 'P',
        MAX_COV_AMOUNT: '750000.00', UNDERL_LIM_AMOUNT: '0.00', POLICY_NO: 'NW-2026-1', EFFECTIVE_DATE: '20260601',
        INSURANCE_COMPANY_NAME: 'NEW INSURER CO', TRANS_DATE: '20260528',
      },
    ]);
    motusFile(dir, 'inshist', 'full', [
      {
        DOCKET_NUMBER: 'MC000421775', USDOT_NUMBER: '344554', INS_FORM_CODE: 'BMC-91X', FILING_STATUS_REASON: 'CANCEL', INS_TYPE_CODE: '1',
        INS_TYPE_IND: ' ', POLICY_NO: 'NW-2026-1', INS_TYPE_DESC: 'BIPD', MIN_COV_AMOUNT: '750000.00', INS_CLASS_CODE: 'P',
        EFFECTIVE_DATE: '20260601', MAX_COV_AMOUNT: '750000.00', CANCL_EFFECTIVE_DATE: '20261215', INSURANCE_COMPANY_NAME: 'NEW INSURER CO',
      },
    ]);
    motusFile(dir, 'authhist', 'full', [
      { DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: PROPERTY, OP_AUTH_STATUS: 'Active', REASON: 'Granted', STATUS_CHANGE_DATE: '20260520' },
    ]);
    motusFile(dir, 'revoke', 'full', []);
    const day = await runDay(env, dir);
    expect(day.status).toBe('succeeded');
    expect(day.stages.find((s) => s.stage === 'ingest')!.detail).toMatchObject({
      motus: {
        rows: { motus_carrier: 1, motus_insurance: 1, motus_inshist: 1, motus_authhist: 1, motus_revocation: 0 },
        motus_carrier: { full: 1, diff: null },
      },
    });
    const p = await profile();
    // The legacy contract authority of MC421775 gives way to Motus's record of the docket.
    expect(p.authority).toEqual({
      status: 'ACTIVE',
      common: 'ACTIVE',
      contract: 'NONE',
      common_authority_date: '2026-05-20T00:00:00Z',
      contract_authority_date: null,
      broker_authority: 'NONE',
      authorities: [{ docket: 'MC421775', authority: PROPERTY, status: 'ACTIVE', source: 'motus' }],
      source: 'motus',
    });
    // Amounts in dollars, not thousands; the legacy policy of the docket gives way to Motus's.
    expect(p.insurance).toMatchObject({ bipd_required: 750_000, bipd_on_file: 1_000_000, max_bipd: 750_000, active_policy_count: 1, source: 'motus' });
    expect(p.insurance.next_expiration).toBe('2026-12-15T00:00:00Z'); // from InsHist: Motus Insur has no cancellation date
    expect(await policies()).toEqual([
      {
        policy_type: 'BIPD', insurer_name: 'NEW INSURER CO', policy_number: 'NW-2026-1', coverage_amount: 750_000,
        effective_date: '2026-06-01T00:00:00Z', expiration_date: '2026-12-15T00:00:00Z', form_code: '91X', source: 'motus',
      },
    ]);
    expect(p.revocation_pending).toBe('');
  });

  it('day 2: the daily differences apply on day 1 (/resource spelling): a deletion wipes a docket, rows replace by identity', async () => {
    const dir = hullDay(root, 'resource', '2026-09-15');
    // A new broker authority, pending.
    motusFile(dir, 'carrier', 'diff', [{ DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: BROKER, OP_AUTH_STATUS: 'Pending', MIN_COV_AMOUNT: '0.00', BIPD_FILE: '0.00', CARGO_FILE: 'N', BOND_FILE: 'Y' }], 'resource');
    // A deletion (only the docket; amounts 0.00 count as blank), then the docket's policy now.
    motusFile(dir, 'insur', 'diff', [
      { DOCKET_NUMBER: 'MC421775', MAX_COV_AMOUNT: '0.00', UNDERL_LIM_AMOUNT: '0' },
      {
        DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', INS_FORM_CODE: 'BMC-91X', INS_TYPE_CODE: '1', INS_CLASS_CODE: 'P',
        MAX_COV_AMOUNT: '1000000.00', UNDERL_LIM_AMOUNT: '0.00', POLICY_NO: 'NW-2026-2', EFFECTIVE_DATE: '20260901',
        INSURANCE_COMPANY_NAME: 'NEW INSURER CO', TRANS_DATE: '20260830',
      },
    ], 'resource');
    motusFile(dir, 'inshist', 'diff', [], 'resource');
    motusFile(dir, 'authhist', 'diff', [], 'resource');
    // A revocation order served today, effective in 30 days: pending.
    motusFile(dir, 'revoke', 'diff', [
      { DOCKET_NUMBER: 'MC-421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: PROPERTY, ORDER1_SERVE_DATE: '20260915', ORDER1_TYPE_DESC: 'Operating Authority Involuntary Suspension Notice', ORDER1_EFFECTIVE_DATE: '20261015' },
    ], 'resource');
    const day = await runDay(env, dir);
    expect(day.status).toBe('succeeded');
    expect(day.stages.find((s) => s.stage === 'ingest')!.detail).toMatchObject({ motus: { motus_insurance: { diff: 2, deletions: 1, deleted: 1 } } });
    const p = await profile();
    expect(p.authority).toMatchObject({ status: 'ACTIVE', common: 'ACTIVE', broker_authority: 'PENDING', source: 'motus' });
    expect(p.authority.authorities).toEqual([
      { docket: 'MC421775', authority: BROKER, status: 'PENDING', source: 'motus' },
      { docket: 'MC421775', authority: PROPERTY, status: 'ACTIVE', source: 'motus' },
    ]);
    expect(p.insurance).toMatchObject({ bond_filed: true, max_bipd: 1_000_000, active_policy_count: 1, next_expiration: null });
    expect((await policies()).map((x) => x.policy_number)).toEqual(['NW-2026-2']);
    expect(p.revocation_pending).toBe('COMMON');
    const { data } = await app.api.GET('/v1/changes/{etl_run_id}', { params: { path: { etl_run_id: day.etl_run_id! } } });
    expect(data!.changes.map((c) => c.category).sort()).toEqual(['authority_change', 'insurance_change', 'revocation_pending']);
  });

  it('a difference after a missed day stops the run and asks for the full set; with it, the state starts again', async () => {
    const dir = hullDay(root, 'rows', '2026-09-17');
    motusFile(dir, 'carrier', 'diff', []);
    const error = await runDay(env, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      'nakq-58th.csv: is the difference to 2026-09-16, but the Motus state loaded is of 2026-09-15: a day is missing; add the All-With-History set inys-ebih.csv to re-baseline',
    );
    // The full set: the broker authority is gone (the full set does not hold it), the run goes on.
    motusFile(dir, 'carrier', 'full', [
      { DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: PROPERTY, OP_AUTH_STATUS: 'Inactive', MIN_COV_AMOUNT: '750000.00', BIPD_FILE: '0' },
    ]);
    const day = await runDay(env, dir);
    expect(day.status).toBe('succeeded');
    const p = await profile();
    expect(p.authority).toMatchObject({ status: 'INACTIVE', common: 'INACTIVE', broker_authority: 'NONE' });
    expect(p.risk_score!.flags.map((f) => f.code)).toContain('AUTHORITY_INACTIVE');
    // The other datasets kept their state: yesterday's policy, today's date past the order's serve date.
    expect((await policies()).map((x) => x.policy_number)).toEqual(['NW-2026-2']);
  });

  it('a deletion names its docket and, when it fills them, its other keys: only those rows go', async () => {
    const dir = hullDay(root, 'rows', '2026-09-18');
    motusFile(dir, 'carrier', 'diff', [
      { DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: BROKER, OP_AUTH_STATUS: 'Active', MIN_COV_AMOUNT: '0.00', BIPD_FILE: '0.00' },
    ]);
    const added = await runDay(env, dir);
    expect(added.status).toBe('succeeded');
    expect((await profile()).authority.authorities).toHaveLength(2);
    const next = hullDay(root, 'rows', '2026-09-19');
    // Docket, DOT and authority type filled, everything else blank: that authority only.
    motusFile(next, 'carrier', 'diff', [{ DOCKET_NUMBER: 'MC-421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: BROKER }]);
    const day = await runDay(env, next);
    expect(day.status).toBe('succeeded');
    expect((await profile()).authority.authorities).toEqual([{ docket: 'MC421775', authority: PROPERTY, status: 'INACTIVE', source: 'motus' }]);
    const [state] = await duckRows<{ n: number }>(env.duck.conn, `SELECT count(*) AS n FROM r${day.etl_run_id}.motus_carrier_state`);
    expect(state.n).toBe(1);
  });

  it('a daily difference with no state to apply it to asks for the full set', async () => {
    const other = await testPipeline(app.db.pool, tempDir('motus-fresh-'));
    try {
      // A new DuckDB file: no Motus state kept. (The database's served runs are older: a later day.)
      const dir = hullDay(root, 'rows', '2026-09-20');
      motusFile(dir, 'insur', 'diff', []);
      await expect(runDay(other, dir)).rejects.toThrow(
        'x96h-evps.csv: is a daily difference with no state to apply it to: add the All-With-History set c5y8-a4uz.csv to the day folder',
      );
    } finally {
      await other.close();
    }
  });

  it('refuses a Motus file that is not named after its dataset: a full set and a difference share their columns', async () => {
    const dir = hullDay(root, 'rows', '2026-09-21');
    fs.writeFileSync(path.join(dir, 'motus-carrier.csv'), `${HEADER.carrier}\n`);
    await expect(runDay(env, dir)).rejects.toThrow(
      'motus-carrier.csv: is a Motus Carrier (inys-ebih / nakq-58th) file: name it inys-ebih.csv (All With History) or nakq-58th.csv (Daily Difference)',
    );
  });

  it("a freight forwarder's Motus authority is operating authority: counted as common, not as none", async () => {
    // A full set: the state loaded is of 2026-09-19 (the days after it loaded nothing).
    const dir = hullDay(root, 'rows', '2026-09-22');
    motusFile(dir, 'carrier', 'full', [
      { DOCKET_NUMBER: 'MC421775', USDOT_NUMBER: '344554', OP_AUTH_TYPE: PROPERTY, OP_AUTH_STATUS: 'Inactive', MIN_COV_AMOUNT: '750000.00', BIPD_FILE: '0' },
      { DOCKET_NUMBER: 'FF-000031', USDOT_NUMBER: '344554', OP_AUTH_TYPE: FORWARDER, OP_AUTH_STATUS: 'Active', MIN_COV_AMOUNT: '750000.00', BIPD_FILE: '0' },
    ]);
    const day = await runDay(env, dir);
    expect(day.status).toBe('succeeded');
    const p = await profile();
    expect(p.authority).toMatchObject({ status: 'ACTIVE', common: 'ACTIVE', contract: 'NONE', broker_authority: 'NONE', source: 'motus' });
    expect(p.authority.authorities).toEqual([
      { docket: 'FF31', authority: FORWARDER, status: 'ACTIVE', source: 'motus' },
      { docket: 'MC421775', authority: PROPERTY, status: 'INACTIVE', source: 'motus' },
    ]);
    const flags = p.risk_score!.flags.map((f) => f.code);
    expect(flags).not.toContain('AUTHORITY_INACTIVE');
    expect(flags).not.toContain('NOT_AUTHORIZED');
  });
});
