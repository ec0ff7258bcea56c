/**
 * Foresight end to end (docs/foresight.md): hand-made day folders (the two-days fixture with a
 * legacy revocation order, legacy *_REV_PEND flags, a pending legacy authority, a Motus
 * RevokeSuspend suspension and a Motus InsHist cancellation) through the real pipeline, then
 * GET /v1/carriers/{dot_number}/upcoming on the served data with the service's clock set to
 * chosen days: every event type with its source, dataset and record, the day filter, the ETag,
 * bad inputs; and a later day with the same files, on which the orders have taken effect: the
 * input delta takes those carriers in and their pending revocations clear.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckRows, runSchema } from '../pipeline/duck.ts';
import { runDay, type DayOutcome } from '../pipeline/run-stages.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { appendLines, copyDay, liCarrierLine, liRevocationLine, motusFullSet, replaceLines, withLiCarrierFields } from './helpers/hand-days.ts';
import { tempDir, testPipeline, type TestPipeline } from './pipeline-harness.ts';

const PROPERTY = 'Motor Carrier of Property (Except Household Goods)';

/** The two-days fixture's first day, under `date`, with the foresight records added. */
function foresightDay(root: string, date: string): string {
  const dir = copyDay('two-days/2026-03-01', root, date);
  // 1001: a pending contract revocation no order dates (legacy flag only).
  replaceLines(dir, 'carrier.txt', (l) => l.startsWith('"MC000123"'), (l) => withLiCarrierFields(l, { contract_rev_pend: 'Y' }));
  // 1002: a pending common revocation, and the order that dates it.
  replaceLines(dir, 'carrier.txt', (l) => l.startsWith('"MC000777"'), (l) => withLiCarrierFields(l, { common_rev_pend: 'Y' }));
  appendLines(dir, 'revocation.txt', [
    liRevocationLine({
      docket_number: 'MC000777', dot_number: '00001002', type_license: 'COMMON',
      order1_serve_date: '02/18/2026', order2_type_desc: 'INVOLUNTARY REVOCATION', order2_effective_date: '03/20/2026',
    }),
    // The same order twice (exact duplicate lines occur, §4.6): one event.
    liRevocationLine({
      docket_number: 'MC000777', dot_number: '00001002', type_license: 'COMMON',
      order1_serve_date: '02/18/2026', order2_type_desc: 'INVOLUNTARY REVOCATION', order2_effective_date: '03/20/2026',
    }),
    // An order already in effect on the batch date: not upcoming.
    liRevocationLine({
      docket_number: 'MC000999', dot_number: '00001003', type_license: 'BROKER',
      order1_serve_date: '01/05/2026', order2_type_desc: 'INVOLUNTARY REVOCATION', order2_effective_date: '02/04/2026',
    }),
  ]);
  // 1005: a common authority applied for (N with the application pending).
  appendLines(dir, 'carrier.txt', [liCarrierLine({ docket_number: 'MC005005', dot_number: '00001005', common_app_pend: 'Y', legal_name: 'EPSILON CARRIERS' })]);
  // 1004: a Motus suspension order (served 30 days before it takes effect, §3.5).
  motusFullSet(dir, 'revoke', [
    {
      docket_number: 'MC-1004', usdot_number: '1004', op_auth_type: PROPERTY, order1_serve_date: '20260215',
      order1_type_desc: 'Operating Authority Involuntary Suspension Notice', order1_effective_date: '20260317',
    },
  ]);
  // 1005: a Motus policy whose cancellation only Motus InsHist dates (Motus Insur carries none).
  motusFullSet(dir, 'insur', [
    {
      docket_number: 'MC5005', usdot_number: '1005', ins_form_code: 'BMC-91X', ins_type_code: '1', ins_class_code: 'P',
      max_cov_amount: '750000.00', underl_lim_amount: '0.00', policy_no: 'EP-1', effective_date: '20250101',
      insurance_company_name: 'SIERRA MUTUAL', trans_date: '20241220',
    },
  ]);
  motusFullSet(dir, 'inshist', [
    {
      docket_number: 'MC5005', usdot_number: '1005', ins_form_code: 'BMC-91X', filing_status_reason: 'CANCEL', ins_type_code: '1',
      ins_type_ind: ' ', policy_no: 'EP-1', ins_type_desc: 'BIPD', min_cov_amount: '750000.00', ins_class_code: 'P',
      effective_date: '20250101', underl_lim_amount: '0.00', max_cov_amount: '750000.00', cancl_effective_date: '20260410',
      insurance_company_name: 'SIERRA MUTUAL',
    },
  ]);
  return dir;
}

let app: TestApp;
let env: TestPipeline;
let root: string;
let later: DayOutcome;
/** The service's clock: each test sets the instant it needs. */
let now = new Date('2026-03-05T12:00:00Z');
const runs: number[] = [];

async function get(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${p}`, { headers });
  return { status: res.status, etag: res.headers.get('etag'), body: res.status === 304 ? null : await res.json() };
}
const upcoming = async (dot: string) => {
  const r = await get(`/v1/carriers/${dot}/upcoming`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
/** type, date, source, dataset of each event: the shape of an answer at a glance. */
const outline = (body: { events: { type: string; date: string | null; source: string; dataset: string }[] }) =>
  body.events.map((e) => `${e.type} ${e.date ?? '-'} ${e.source} ${e.dataset}`);

beforeAll(async () => {
  app = await startApp({ services: { clock: () => now } });
  env = await testPipeline(app.db.pool);
  root = tempDir('foresight-days-');
  const out = await runDay(env, foresightDay(root, '2026-03-01'));
  runs.push(out.etl_run_id!);
});
afterAll(async () => {
  await env?.close();
  await app?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the snapshot carries the dated records', () => {
  it('scheduled_events: orders not yet in effect and cancellations of policies in force, each once, in date order', async () => {
    const rows = await duckRows<{ dot_number: string; events: string }>(
      env.duck.conn,
      `SELECT dot_number, to_json(scheduled_events)::VARCHAR AS events FROM ${runSchema(runs[0])}.snapshot ORDER BY dot_number`,
    );
    const byDot = Object.fromEntries(rows.map((r) => [r.dot_number, JSON.parse(r.events).map((e: { kind: string; date: string }) => `${e.kind} ${e.date}`)]));
    expect(byDot).toEqual({
      '1001': ['insurance_cancellation 2026-06-30'],
      '1002': ['revocation 2026-03-20'],
      '1003': [],
      '1004': ['suspension 2026-03-17', 'insurance_cancellation 2026-12-31'],
      '1005': ['insurance_cancellation 2026-04-10'],
    });
    // Served as the pipeline made them.
    const served = await app.db.pool.query(`SELECT dot_number, jsonb_array_length(scheduled_events) AS n FROM carriers ORDER BY dot_number`);
    expect(served.rows).toEqual([
      { dot_number: '1001', n: 1 },
      { dot_number: '1002', n: 1 },
      { dot_number: '1003', n: 0 },
      { dot_number: '1004', n: 2 },
      { dot_number: '1005', n: 1 },
    ]);
  });
});

describe('GET /v1/carriers/{dot_number}/upcoming', () => {
  it('a legacy revocation order: its effective date, source, dataset and the order itself; the pending revocation it dates is not repeated', async () => {
    now = new Date('2026-03-05T12:00:00Z');
    const body = await upcoming('1002');
    expect(body).toEqual({
      dot_number: '1002',
      legal_name: 'BETA LOGISTICS INC',
      reference_date: '2026-03-05',
      events: [
        {
          id: 'revocation:MC777:COMMON:2026-03-20',
          type: 'revocation',
          date: '2026-03-20',
          days_until: 15,
          source: 'legacy',
          dataset: 'Revocation',
          dataset_ids: ['sa6p-acbp'],
          evidence: {
            docket: 'MC777', authority: 'COMMON', authority_kind: 'COMMON', order_type: 'INVOLUNTARY REVOCATION',
            serve_date: '2026-02-18', effective_date: '2026-03-20',
          },
        },
        {
          // 1002: last digit 2 → February; next-to-last 0 → even years; 2026-02-28 has passed.
          id: 'mcs150_due:2028-02-29',
          type: 'mcs150_due',
          date: '2028-02-29',
          days_until: 726,
          source: 'census',
          dataset: 'Census',
          dataset_ids: ['az4n-8mr2', 'kjg3-diqy'],
          evidence: { rule: '49 CFR 390.19', due_month: 'February', year_parity: 'even', last_filed: '2024-03-01' },
        },
      ],
      etl_run_id: runs[0],
      data_as_of: '2026-03-01T00:00:00.000Z',
    });
    expect((await get('/v1/carriers/1002')).body.revocation_pending).toBe('COMMON');
  });

  it('a cancellation dated by the policy itself (legacy ActPendInsur), and a pending revocation no order dates', async () => {
    const body = await upcoming('1001');
    expect(outline(body)).toEqual([
      'insurance_cancellation 2026-06-30 legacy ActPendInsur',
      'mcs150_due 2028-01-31 census Census',
      'revocation_pending - legacy Carrier',
    ]);
    expect(body.events[0]).toEqual({
      id: 'insurance_cancellation:MC123:34:GW-2:2026-06-30',
      type: 'insurance_cancellation',
      date: '2026-06-30',
      days_until: 117,
      source: 'legacy',
      dataset: 'ActPendInsur',
      dataset_ids: ['qh9u-swkp'],
      evidence: {
        docket: 'MC123', policy_number: 'GW-2', insurer_name: 'GREAT WEST CASUALTY', policy_type: 'CARGO', type_description: 'CARGO',
        form_code: '34', coverage_amount: 100000, effective_date: '2026-01-01', cancellation_date: '2026-06-30', policy_source: 'legacy',
      },
    });
    expect(body.events[2]).toMatchObject({ id: 'revocation_pending:CONTRACT', date: null, days_until: null, dataset_ids: ['6eyk-hxee'], evidence: { authority_kind: 'CONTRACT', flag: 'CONTRACT_REV_PEND' } });
  });

  it('a Motus suspension order and a Motus InsHist cancellation; pending authority, undated, last', async () => {
    const b1004 = await upcoming('1004');
    expect(outline(b1004)).toEqual([
      'suspension 2026-03-17 motus RevokeSuspend',
      'mcs150_due 2026-04-30 census Census',
      'insurance_cancellation 2026-12-31 legacy ActPendInsur',
    ]);
    expect(b1004.events[0]).toMatchObject({
      days_until: 12,
      dataset_ids: ['wb4f-neki', 'e67p-xyd5'],
      evidence: { docket: 'MC1004', authority: PROPERTY, authority_kind: 'COMMON', order_type: 'OPERATING AUTHORITY INVOLUNTARY SUSPENSION NOTICE', serve_date: '2026-02-15' },
    });
    const b1005 = await upcoming('1005');
    expect(outline(b1005)).toEqual([
      'insurance_cancellation 2026-04-10 motus InsHist',
      'mcs150_due 2026-05-31 census Census',
      'authority_pending - legacy Carrier',
    ]);
    expect(b1005.events[0]).toMatchObject({ dataset_ids: ['3uet-3z4i', 'xe5s-wca7'], evidence: { docket: 'MC5005', policy_number: 'EP-1', form_code: '91X', coverage_amount: 750000, policy_source: 'motus' } });
    expect(b1005.events[2]).toMatchObject({ id: 'authority_pending:MC5005:COMMON', evidence: { docket: 'MC5005', authority: 'COMMON', status: 'PENDING' } });
    // An inactive carrier owes no MCS-150 update; its order in effect before the batch date is history.
    expect((await upcoming('1003')).events).toEqual([]);
  });

  it('lists every served policy cancelling on or after today', async () => {
    const { rows } = await app.db.pool.query(`SELECT dot_number, policy_number FROM insurance_policies WHERE expiration_date >= $1 ORDER BY 1, 2`, ['2026-03-05']);
    expect(rows.length).toBe(3);
    for (const p of rows) {
      const events = (await upcoming(p.dot_number)).events.filter((e: { type: string }) => e.type === 'insurance_cancellation');
      expect(events.map((e: { evidence: { policy_number: string } }) => e.evidence.policy_number)).toContain(p.policy_number);
    }
  });

  it('counts from today by the service clock: an event passed is gone, the ETag moves with the day, not within it', async () => {
    now = new Date('2026-03-05T08:00:00Z');
    const morning = await get('/v1/carriers/1004/upcoming');
    now = new Date('2026-03-05T23:59:00Z');
    expect((await get('/v1/carriers/1004/upcoming', { 'If-None-Match': morning.etag! })).status).toBe(304);
    now = new Date('2026-03-17T00:00:00Z');
    const onTheDay = await get('/v1/carriers/1004/upcoming');
    expect(onTheDay.etag).not.toBe(morning.etag);
    expect(onTheDay.body.events[0]).toMatchObject({ type: 'suspension', days_until: 0 });
    now = new Date('2026-03-18T00:00:00Z');
    expect(outline(await upcoming('1004'))).toEqual(['mcs150_due 2026-04-30 census Census', 'insurance_cancellation 2026-12-31 legacy ActPendInsur']);
  });

  it('bad inputs: malformed DOT 400, unknown DOT 404, an unknown parameter 400, a wrong key 401, all in the envelope', async () => {
    for (const [p, status, code, key] of [
      ['/v1/carriers/12ab/upcoming', 400, 'INVALID_PARAM'],
      ['/v1/carriers/123456789/upcoming', 400, 'INVALID_PARAM'],
      ['/v1/carriers/99999/upcoming', 404, 'NOT_FOUND'],
      ['/v1/carriers/1001/upcoming?as_of=2026-03-01', 400, 'INVALID_PARAM'],
      ['/v1/carriers/1001/upcoming', 401, 'UNAUTHORIZED', 'not-a-key'],
    ] as const) {
      const r = await get(p, key ? { 'X-API-Key': key } : {});
      expect(r.status, p).toBe(status);
      expect(r.body, p).toEqual({ error: { code, message: expect.any(String) } });
    }
    expect((await get('/v1/carriers/99999/upcoming')).body.error.message).toContain('99999');
    // Leading zeros name the same carrier.
    now = new Date('2026-03-05T12:00:00Z');
    expect(await upcoming('0001002')).toEqual(await upcoming('1002'));
  });
});

describe('a later day with the same files: the orders have taken effect', () => {
  beforeAll(async () => {
    later = await runDay(env, foresightDay(root, '2026-03-21'));
    runs.push(later.etl_run_id!);
  });

  it('the input delta takes in the carriers whose orders took effect; their pending revocations clear', async () => {
    expect(later.stages.find((s) => s.stage === 'snapshot')!.detail).toMatchObject({ carried_from: runs[0], from_delta: true });
    const delta = await duckRows<{ dot_number: string }>(env.duck.conn, `SELECT dot_number FROM ${runSchema(runs[1])}.input_delta ORDER BY 1`);
    expect(delta.map((r) => r.dot_number)).toEqual(['1002', '1004']);
    const served = await app.db.pool.query(`SELECT dot_number, revocation_pending, scheduled_events FROM carriers WHERE dot_number IN ('1002', '1004') ORDER BY 1`);
    expect(served.rows.map((r) => [r.dot_number, r.revocation_pending, r.scheduled_events.map((e: { kind: string }) => e.kind)])).toEqual([
      ['1002', '', []],
      ['1004', '', ['insurance_cancellation']],
    ]);
    now = new Date('2026-03-22T12:00:00Z');
    expect(outline(await upcoming('1002'))).toEqual(['mcs150_due 2028-02-29 census Census']);
    // The day before, as the history keeps it.
    expect((await get('/v1/carriers/1002?as_of=2026-03-05')).body.revocation_pending).toBe('COMMON');
  });

  it('the ETag names the run', async () => {
    const r = await get('/v1/carriers/1001/upcoming');
    expect(r.body.etl_run_id).toBe(runs[1]);
    expect(r.etag).toContain(String(runs[1]));
  });
});
