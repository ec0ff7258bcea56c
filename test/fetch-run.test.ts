/**
 * What the fetch writes, the pipeline reads: two nights fetched from the fake data portal on
 * loopback (its rows are the real ones of shared/data/fmcsa-real and the reference) and loaded,
 * the second night through the Motus daily differences alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDay } from '../pipeline/run-stages.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import type { FakePortal } from './helpers/fake-portal.ts';
import { night, startPortal, tempRoot } from './helpers/fetch-night.ts';
import { testPipeline, type TestPipeline } from './pipeline-harness.ts';

let portal: FakePortal;
let app: TestApp;
let env: TestPipeline;
const root = tempRoot();

beforeAll(async () => {
  portal = await startPortal();
  app = await startApp();
  env = await testPipeline(app.db.pool);
});
afterAll(async () => {
  await env?.close();
  await app?.close();
  await portal?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('fetch, then run', () => {
  it('the first night: every fetched file binds to its layout and the day loads', async () => {
    const { result } = await night(portal, root, '2026-11-20');
    expect(result.status).toBe('fetched');
    const day = await runDay(env, path.join(root, '2026-11-20'));
    expect(day.status).toBe('succeeded');
    const ingest = day.stages.find((s) => s.stage === 'ingest')!.detail as { files: Record<string, { adapter: string }>; quarantined: number };
    // Every data file of the folder was read (manifest.json is the fetch's own).
    const files = fs.readdirSync(path.join(root, '2026-11-20')).filter((f) => f.endsWith('.csv')).sort();
    expect(Object.keys(ingest.files).sort()).toEqual(files);
    expect(ingest.quarantined).toBe(0);
    const { data } = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: '344554' } } });
    expect(data).toMatchObject({ legal_name: 'HULL COOPERATIVE ASSOCIATION', mc_number: '421775', carrier_operation: 'A' });
    // Legacy Carrier (contract A) for the authority; Motus AuthHist holds the docket's grants.
    expect(data!.authority).toMatchObject({ status: 'ACTIVE', contract: 'ACTIVE', common_authority_date: '1992-02-27T00:00:00Z', source: 'legacy' });
    expect(data!.insurance).toMatchObject({ max_bipd: 1_000_000, source: 'legacy' });
  });

  it('the next night: the Motus differences apply on the first night’s state', async () => {
    const { result } = await night(portal, root, '2026-11-21');
    expect(result.status).toBe('fetched');
    const day = await runDay(env, path.join(root, '2026-11-21'));
    expect(day.status).toBe('succeeded');
    const motus = (day.stages.find((s) => s.stage === 'ingest')!.detail as { motus: Record<string, { full: number | null; diff: number | null }> }).motus;
    expect(motus.motus_carrier).toMatchObject({ full: null, diff: 1 });
  });
});
