/**
 * Ingest and snapshot on the hand-made fixture dumps (test/fixtures/dumps): both census layouts,
 * the L&I and SMS files, the normalisation rules, and refusal of bad input with file and line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isUtf8File } from '../pipeline/csv-lines.ts';
import { duckRows } from '../pipeline/duck.ts';
import { InputError } from '../pipeline/errors.ts';
import { runContext } from '../pipeline/context.ts';
import { runDay } from '../pipeline/run-stages.ts';
import { beginRun } from '../pipeline/etl-runs.ts';
import { ingest } from '../pipeline/stages/ingest.ts';
import { snapshot } from '../pipeline/stages/snapshot.ts';
import { changesOf, copyDays, editLine, FIXTURES, servedRunId, servedTables, suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();

/** Ingest + snapshot of one day folder; returns the snapshot rows by DOT. */
async function snapshotOf(dayDir: string) {
  const { run, release } = (await beginRun(suite.env.pool, dayDir))!;
  const ctx = runContext(suite.env, run);
  try {
    await ingest.run(ctx);
    await snapshot.run(ctx);
  } finally {
    await release();
  }
  const rows = await duckRows<Record<string, unknown>>(
    suite.env.duck.conn,
    `SELECT * REPLACE (CAST(mcs150_date AS VARCHAR) AS mcs150_date, CAST(add_date AS VARCHAR) AS add_date,
       CAST(common_authority_date AS VARCHAR) AS common_authority_date,
       CAST(contract_authority_date AS VARCHAR) AS contract_authority_date,
       CAST(next_expiration AS VARCHAR) AS next_expiration)
     FROM ${ctx.schema}.snapshot`,
  );
  await suite.env.pool.query('DELETE FROM etl_runs WHERE etl_run_id = $1', [ctx.runId]);
  return { ctx, byDot: new Map(rows.map((r) => [r.dot_number as string, r])) };
}

async function ingestError(dayDir: string): Promise<string> {
  const { run, release } = (await beginRun(suite.env.pool, dayDir))!;
  try {
    await ingest.run(runContext(suite.env, run));
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as Error).message;
  } finally {
    await release();
    await suite.env.pool.query('DELETE FROM etl_runs WHERE etl_run_id = $1', [run.etl_run_id]);
  }
  throw new Error('ingest accepted bad input');
}

describe('Company Census (147 columns) with L&I and SMS files', () => {
  let byDot: Map<string, Record<string, unknown>>;
  beforeAll(async () => {
    ({ byDot } = await snapshotOf(path.join(FIXTURES, 'two-days', '2026-03-01')));
  });

  it('has one row per census DOT with exactly the snapshot columns', async () => {
    expect([...byDot.keys()].sort()).toEqual(['1001', '1002', '1003', '1004', '1005']);
    const { SNAPSHOT_COLUMNS } = await import('../pipeline/load-plan/served-columns.ts');
    expect(Object.keys(byDot.get('1001')!)).toEqual([...SNAPSHOT_COLUMNS]);
  });

  it('normalises identity, contact and census fields', () => {
    expect(byDot.get('1001')).toMatchObject({
      mc_number: '123', // DOCKET1 MC 000123
      legal_name: 'ACME TRUCKING LLC',
      dba_name: 'ACME',
      entity_type: 'CARRIER',
      carrier_status: 'ACTIVE',
      phy_street: '12 MAIN ST',
      phy_city: 'OMAHA',
      phy_state: 'NE',
      phone: '4028952400', // (402) 895-2400
      email: 'dispatch@acme.com',
      officer_1: 'JOHN DOE',
      officer_2: '',
      power_units: 5,
      drivers: 6,
      mcs150_date: '2025-01-15', // '20250115 1030'
      add_date: '2010-01-01',
      mcs150_mileage: 120000,
      mcs150_mileage_year: 2024,
      safety_rating: 'S',
      cargo_carried: ['General Freight', 'Refrigerated Food'],
      operation_classification: ['AUTHORIZED FOR HIRE', 'PRIVATE PROPERTY'],
    });
    // 'B;C' is a carrier; the MC sits in DOCKET2 behind an FF docket.
    expect(byDot.get('1002')).toMatchObject({ entity_type: 'CARRIER', mc_number: '777' });
    // A broker without census docket takes its MC from the L&I carrier file; STATUS_CODE I.
    expect(byDot.get('1003')).toMatchObject({ entity_type: 'BROKER', mc_number: '999', carrier_status: 'INACTIVE' });
    expect(byDot.get('1005')).toMatchObject({ mc_number: null, phone: '', lat: expect.any(Number) });
  });

  it('derives authority and insurance from the L&I files (amounts in thousands → dollars)', () => {
    expect(byDot.get('1001')).toMatchObject({
      authority_status: 'ACTIVE',
      contract_authority_status: 'NONE',
      broker_authority_status: 'NONE',
      common_authority_date: '2010-01-15',
      contract_authority_date: '2012-03-01',
      revocation_pending: '',
      bipd_required: 750000,
      bipd_on_file: 750000,
      cargo_on_file: 100000,
      // The excess policy cancelled before the batch date is not active.
      max_bipd: 750000,
      max_cargo: 100000,
      active_policy_count: 2,
      next_expiration: '2026-06-30',
    });
    expect(byDot.get('1003')).toMatchObject({
      bond_filed: true,
      bond_on_file: 75000,
      max_bipd: 750000,
      authority_status: 'NONE',
      broker_authority_status: 'ACTIVE',
      authorities: [{ docket: 'MC999', authority: 'BROKER', status: 'ACTIVE', source: 'legacy' }],
      authority_source: 'legacy',
      insurance_source: 'legacy',
    });
    expect(byDot.get('1004')).toMatchObject({
      common_authority_date: '2011-06-01', // REINSTATED after a revocation
      contract_authority_status: 'ACTIVE',
      bipd_required: 5000000,
      // CARGO_FILE 'Y': filed, with no amount on the record and no cargo policy in force yet.
      cargo_filed: true,
      cargo_on_file: null,
      max_bipd: 5000000,
      max_cargo: 0, // the cargo policy only takes effect after the batch date
      active_policy_count: 2,
      next_expiration: '2026-12-31',
    });
    // L&I rows without a DOT (00000000) are ignored; a DOT without L&I rows has no authority.
    expect(byDot.get('1005')).toMatchObject({ authority_status: 'NONE', bipd_required: 0, max_bipd: 0, active_policy_count: 0 });
  });

  it('derives safety counts, rates and BASICs from the SMS files', () => {
    const delta = byDot.get('1004')!;
    expect(delta).toMatchObject({
      driver_inspections: 20,
      driver_oos_inspections: 2,
      vehicle_inspections: 15,
      vehicle_oos_inspections: 3,
      hazmat_inspections: 2,
      hazmat_oos_inspections: 1,
      driver_oos_rate: 10,
      vehicle_oos_rate: 20,
      hazmat_oos_rate: 50,
      total_crashes: 1,
      fatal_crashes: 1,
      tow_crashes: 1,
    });
    const basics = delta.basics as { name: string; threshold: number; percentile: number; alert: boolean }[];
    expect(basics.map((b) => [b.name, b.threshold])).toEqual([
      ['Unsafe Driving', 60],
      ['HOS Compliance', 60],
      ['Driver Fitness', 75],
      ['Controlled Substances/Alcohol', 75],
      ['Vehicle Maintenance', 75],
    ]);
    expect(basics[0]).toMatchObject({ percentile: 72, alert: false, measure: 0.25 });
    expect(basics[1].alert).toBe(true);
    expect(byDot.get('1001')).toMatchObject({ vehicle_oos_rate: 33.33, driver_oos_rate: 0, hazmat_oos_rate: null, injury_crashes: 1 });
    expect(byDot.get('1002')).toMatchObject({ basics: [], driver_oos_rate: null, total_crashes: 0 });
  });
});

describe('SMS census (42 columns)', () => {
  it('reads the layout: flags true/Y/X, DD-MON-YY dates, zero-padded DOT, MC from L&I', async () => {
    const { byDot } = await snapshotOf(path.join(FIXTURES, 'sms-census', '2026-03-01'));
    expect([...byDot.keys()].sort()).toEqual(['1001', '1004']);
    expect(byDot.get('1004')).toMatchObject({
      mc_number: '1004',
      carrier_status: 'ACTIVE',
      entity_type: 'CARRIER',
      phy_state: 'TX',
      email: 'safety@delta.example',
      power_units: 40,
      drivers: 45,
      mcs150_date: '2025-06-01',
      add_date: '2000-03-01',
      officer_1: '',
      cargo_carried: [],
      operation_classification: ['AUTHORIZED FOR HIRE', 'U. S. MAIL'],
      max_bipd: 5000000,
    });
    expect((byDot.get('1004')!.basics as { threshold: number }[])[0].threshold).toBe(60); // HM_FLAG true
    expect(byDot.get('1001')).toMatchObject({
      phy_city: 'OMAHA',
      phone: '4028952400',
      mcs150_date: '2025-01-15',
      add_date: '2010-01-01',
      operation_classification: ['AUTHORIZED FOR HIRE', 'PRIVATE PROPERTY'],
    });
  });
});

describe('encodings', () => {
  it('tells UTF-8 from Latin-1 across read chunks', async () => {
    const dir = copyDays();
    const utf8 = path.join(dir, 'utf8.txt');
    fs.writeFileSync(utf8, 'Ñé€😀,'.repeat(1_500_000)); // 15 MB: several 4 MB chunks, characters cut at the edges
    expect(await isUtf8File(utf8)).toBe(true);
    const latin1 = path.join(dir, 'latin1.txt');
    fs.writeFileSync(latin1, Buffer.concat([Buffer.from('a'.repeat(5_000_000)), Buffer.from([0xd1, 0x41])]));
    expect(await isUtf8File(latin1)).toBe(false);
  });

  it('reads a file that is not UTF-8 as Latin-1', async () => {
    const d = path.join(copyDays('two-days/2026-03-01'), '2026-03-01');
    const census = path.join(d, 'census.csv');
    const text = fs.readFileSync(census, 'latin1').replace('BETA LOGISTICS INC', 'BETA LOGÍSTICA NUÑEZ');
    fs.writeFileSync(census, Buffer.from(text, 'latin1'));
    const { byDot } = await snapshotOf(d);
    expect(byDot.get('1002')!.legal_name).toBe('BETA LOGÍSTICA NUÑEZ');
  });
});

describe('normalisation rules (sql/duckdb/macros.sql)', () => {
  const one = async (expr: string) => (await duckRows<{ v: unknown }>(suite.env.duck.conn, `SELECT ${expr} AS v`))[0].v;

  it('MC numbers: prefixes MC/MX/FF, dashes and leading zeros stripped', async () => {
    expect(await one(`docket_number_of('MC000045')`)).toBe('45');
    expect(await one(`docket_number_of('mc-0045')`)).toBe('45');
    expect(await one(`docket_number_of('MX 012')`)).toBe('12');
    expect(await one(`docket_number_of('000')`)).toBe(null);
    expect(await one(`docket_prefix_of('FF000555')`)).toBe('FF');
    expect(await one(`mc_of('MC', '000123')`)).toBe('123');
    expect(await one(`mc_of('', 'MC0099')`)).toBe('99');
    expect(await one(`mc_of('FF', '555')`)).toBe(null);
  });

  it('DOT numbers without zero padding; 00000000 is none', async () => {
    expect(await one(`dot_of('00012345')`)).toBe('12345');
    expect(await one(`dot_of('00000000')`)).toBe(null);
    expect(await one(`chk_dot('12A', 'DOT_NUMBER')`)).toBe('DOT_NUMBER "12A" is not a USDOT number');
    expect(await one(`chk_li_dot('00000000', 'dot_number')`)).toBe(null);
  });

  it('dates: YYYYMMDD, YYYYMMDD HHMM, MM/DD/YYYY, DD-MON-YY, ISO; zero placeholders are none', async () => {
    for (const [raw, iso] of [
      ['20240115', '2024-01-15'],
      ['20240829 1030', '2024-08-29'],
      ['01/05/2024', '2024-01-05'],
      ['1/5/2024', '2024-01-05'],
      ['05-JAN-24', '2024-01-05'],
      ['05-jan-99', '1999-01-05'],
      ['2024-01-05T00:00:00.000', '2024-01-05'],
    ]) {
      expect(await one(`CAST(date_of('${raw}') AS VARCHAR)`), raw).toBe(iso);
    }
    expect(await one(`date_of('00000000')`)).toBe(null);
    expect(await one(`date_of('00/00/0000')`)).toBe(null);
    expect(await one(`chk_date('20240231', 'ADD_DATE')`)).toBe('ADD_DATE "20240231" is not a date');
    expect(await one(`chk_date('soon', 'ADD_DATE')`)).toBe('ADD_DATE "soon" is not a date');
  });

  it('amounts in thousands → dollars; Y/N and blanks are 0', async () => {
    expect(await one(`amount_of('00750')`)).toBe(750000);
    expect(await one(`amount_of('01000')`)).toBe(1000000);
    expect(await one(`amount_of('1,000')`)).toBe(1000000);
    expect(await one(`amount_of('Y')`)).toBe(0);
    expect(await one(`amount_of('')`)).toBe(0);
    expect(await one(`chk_amount('lots', 'bipd_file')`)).toBe('bipd_file "lots" is not an amount');
  });

  it('flags X/Y/true set, anything else not; phones digits only without the US country code', async () => {
    expect(await one(`[flag('X'), flag('y'), flag('true'), flag('N'), flag(''), flag(NULL)]`)).toEqual([true, true, true, false, false, false]);
    expect(await one(`phone_of('+1 402.895.2400')`)).toBe('4028952400');
    expect(await one(`phone_of('(402) 895-2400')`)).toBe('4028952400');
    expect(await one(`pg_text_array(['a', 'b"c', 'd\\e'])`)).toBe('{"a","b\\"c","d\\\\e"}');
  });
});

/** Ingest of one day folder that passes: the quarantined rows of its run. */
async function quarantineOf(dayDir: string) {
  const { run, release } = (await beginRun(suite.env.pool, dayDir))!;
  try {
    await ingest.run(runContext(suite.env, run));
    const { rows } = await suite.env.pool.query(
      'SELECT file, dataset, line, reason, raw FROM etl_quarantine WHERE etl_run_id = $1 ORDER BY file, line',
      [run.etl_run_id],
    );
    return rows;
  } finally {
    await release();
    await suite.env.pool.query('DELETE FROM etl_runs WHERE etl_run_id = $1', [run.etl_run_id]);
  }
}

describe('a bad row is quarantined with its file, line, reason and text; the night goes on', () => {
  const day = () => path.join(copyDays('two-days/2026-03-01'), '2026-03-01');
  const lineOf = (file: string, n: number) => fs.readFileSync(file, 'utf8').split('\n')[n - 1];

  it('a truncated census line, a DOT that is not numeric, unparsable dates and counts', async () => {
    const d = day();
    editLine(path.join(d, 'census.csv'), 3, (l) => l.split(',').slice(0, 12).join(','));
    editLine(path.join(d, 'carrier.txt'), 2, (l) => l.replace('"00001002"', '"0000X002"'));
    editLine(path.join(d, 'actpendins.txt'), 4, (l) => l.replace('"01/01/2024"', '"13/45/2024"'));
    editLine(path.join(d, 'sms_ab_pass.csv'), 3, (l) => l.replace(/^1004,30,/, '1004,thirty,'));
    const q = await quarantineOf(d);
    expect(q.map((r) => [r.file, r.line, r.reason])).toEqual([
      ['actpendins.txt', 4, 'trans_date "13/45/2024" is not a date'],
      ['carrier.txt', 2, 'dot_number "0000X002" is not a USDOT number'],
      ['census.csv', 3, 'expected 147 fields, found 12'],
      ['sms_ab_pass.csv', 3, 'INSP_TOTAL "thirty" is not an integer'],
    ]);
    expect(q.find((r) => r.file === 'carrier.txt')).toMatchObject({ dataset: 'legacy L&I Carrier (6eyk-hxee)', raw: lineOf(path.join(d, 'carrier.txt'), 2) });
    expect(q.find((r) => r.file === 'census.csv')!.raw).toBe(lineOf(path.join(d, 'census.csv'), 3));
    // The rows left out are missing from the snapshot; the others are there.
    const { byDot } = await snapshotOf(d);
    expect([...byDot.keys()].sort()).toEqual(['1001', '1003', '1004', '1005']);
    expect(byDot.get('1004')).toMatchObject({ driver_inspections: 0, basics: [] });
  });

  it('a repeated census DOT: the first row stays', async () => {
    const d = day();
    const census = path.join(d, 'census.csv');
    fs.appendFileSync(census, fs.readFileSync(census, 'utf8').split('\n')[2] + '\n');
    const q = await quarantineOf(d);
    expect(q.map((r) => [r.file, r.line, r.reason])).toEqual([['census.csv', 7, 'duplicate DOT_NUMBER 1002 (first on line 3)']]);
    const { byDot } = await snapshotOf(d);
    expect([...byDot.keys()].sort()).toEqual(['1001', '1002', '1003', '1004', '1005']);
  });

  it('more bad rows in a file than INGEST_MAX_BAD_ROWS stop the night, naming the top reasons', async () => {
    const d = day();
    editLine(path.join(d, 'carrier.txt'), 1, (l) => l.replace('"00001001"', '"0000X001"'));
    editLine(path.join(d, 'carrier.txt'), 2, (l) => l.replace('"00001002"', '"0000Y002"'));
    const max = suite.env.config.ingestMaxBadRows;
    suite.env.config.ingestMaxBadRows = 1;
    try {
      expect(await ingestError(d)).toBe(
        'carrier.txt line 1: 2 bad rows, more than INGEST_MAX_BAD_ROWS (1); most common in the first 2: 2 × dot_number "0000X001" is not a USDOT number',
      );
    } finally {
      suite.env.config.ingestMaxBadRows = max;
    }
  });
});

describe('a broken file stops the night with the file (and line)', () => {
  const day = () => path.join(copyDays('two-days/2026-03-01'), '2026-03-01');

  it('a file cut in the middle of its last record', async () => {
    const d = day();
    const file = path.join(d, 'carrier.txt');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.slice(0, text.lastIndexOf('NO DOT NUMBER') + 3));
    expect(await ingestError(d)).toBe('carrier.txt: is cut: its last record ends mid-line (27 of 43 fields)');
  });

  it('an HTML page instead of CSV, a header without a required column, a missing dataset', async () => {
    let d = day();
    fs.writeFileSync(path.join(d, 'crash.csv'), '<!DOCTYPE html>\n<html><body>Service Unavailable</body></html>\n');
    expect(await ingestError(d)).toBe('crash.csv line 1: is an HTML page, not a CSV file (an error page saved as data?)');
    d = day();
    editLine(path.join(d, 'census.csv'), 1, (l) => l.replace('LEGAL_NAME', 'CARRIER_NAME'));
    expect(await ingestError(d)).toBe('census.csv line 1: missing column legal_name (Company Census (az4n-8mr2))');
    d = day();
    editLine(path.join(d, 'crash.csv'), 1, (l) => l.split(',').slice(0, 5).join(','));
    expect(await ingestError(d)).toBe('crash.csv line 1: missing columns fatalities, injuries, tow_away (SMS Input Crash (4wxs-vbns))');
    d = day();
    fs.rmSync(path.join(d, 'sms_ab_pass.csv'));
    expect(await ingestError(d)).toBe('2026-03-01: has no SMS Pass (m3ry-qcip / h3zn-uid9) or SMS PassProperty (4y6x-dmck / h9zy-gjn8) file');
  });

  it('leaves the served data untouched, keeps the failed run, and the day runs again under a new run id', async () => {
    const dumps = copyDays('two-days/2026-03-01', 'two-days/2026-03-02');
    await runDay(suite.env, path.join(dumps, '2026-03-01'));
    const served = await servedRunId(suite.env.pool);
    const before = await servedTables(suite.env.pool);
    const census = path.join(dumps, '2026-03-02', 'census.csv');
    const good = fs.readFileSync(census, 'utf8');
    editLine(census, 1, (l) => l.replace('DOT_NUMBER', 'USDOT'));
    await expect(runDay(suite.env, path.join(dumps, '2026-03-02'))).rejects.toThrow('census.csv line 1: missing column dot_number (Company Census (az4n-8mr2))');
    expect(await servedRunId(suite.env.pool)).toBe(served);
    expect(await servedTables(suite.env.pool)).toEqual(before);
    const failed = await suite.env.pool.query(`SELECT etl_run_id, status, error FROM etl_runs WHERE batch_ts = '2026-03-02'`);
    expect(failed.rows).toEqual([{ etl_run_id: expect.any(Number), status: 'failed', error: expect.stringMatching(/^census\.csv line 1/) }]);
    fs.writeFileSync(census, good);
    const ok = await runDay(suite.env, path.join(dumps, '2026-03-02'));
    expect(ok.status).toBe('succeeded');
    expect(ok.etl_run_id).not.toBe(failed.rows[0].etl_run_id);
    const runs = await suite.env.pool.query(`SELECT etl_run_id, status FROM etl_runs WHERE batch_ts = '2026-03-02' ORDER BY etl_run_id`);
    expect(runs.rows).toEqual([
      { etl_run_id: failed.rows[0].etl_run_id, status: 'failed' },
      { etl_run_id: ok.etl_run_id, status: 'succeeded' },
    ]);
    expect((await changesOf(suite.env.pool, ok.etl_run_id!)).length).toBe(9);
  });
});
