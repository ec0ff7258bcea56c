/**
 * Legacy L&I Insur (ypjt-5ydn) has no DOT column: each policy takes the DOT of its docket's legacy
 * Carrier row, and a policy that ActPendInsur also lists is one policy. The Carrier and
 * ActPendInsur rows are DOT 344554's real records; the Insur rows follow the adapter's published
 * fields (amounts in thousands, MM/DD/YYYY).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDay } from '../pipeline/run-stages.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { hullDay } from './helpers/published-days.ts';
import { testPipeline, tempDir, type TestPipeline } from './pipeline-harness.ts';

const HEADER = 'prefix_docket_number,ins_type_code,ins_class_code,max_cov_amount,underl_lim_amount,policy_no,effective_date,ins_form_code,name_company';

let app: TestApp;
let env: TestPipeline;

beforeAll(async () => {
  app = await startApp();
  env = await testPipeline(app.db.pool);
});
afterAll(async () => {
  await env?.close();
  await app?.close();
});

describe('legacy Insur, a file without DOT numbers', () => {
  it("gives each policy its docket's DOT, and a policy ActPendInsur lists too once", async () => {
    const dir = hullDay(tempDir('legacy-insur-'), 'rows');
    fs.writeFileSync(
      path.join(dir, 'ypjt-5ydn.csv'),
      [
        HEADER,
        // ActPendInsur's policy of MC421775 (hull-344554-three-datasets.json), as Insur lists it.
        'MC421775,1,P,1000,0,CPP101046A,01/01/2015,91X,NATIONWIDE AGRIBUSINESS INSURANCE CO.',
        'MC421775,1,P,750,0,NEW-77,03/01/2026,91X,SECOND INSURER CO',
        // A docket no Carrier row names: no DOT, so no carrier's policy.
        'MC999999,1,P,750,0,ORPHAN-1,03/01/2026,91X,THIRD INSURER CO',
      ].join('\n') + '\n',
    );
    const day = await runDay(env, dir);
    expect(day.status).toBe('succeeded');
    const { data } = await app.api.GET('/v1/carriers/{dot_number}/insurance', { params: { path: { dot_number: '344554' } } });
    expect(data!.policies.map((p) => [p.policy_number, p.insurer_name, p.coverage_amount, p.effective_date, p.source]).sort()).toEqual([
      ['CPP101046A', 'NATIONWIDE AGRIBUSINESS INSURANCE CO.', 1_000_000, '2015-01-01T00:00:00Z', 'legacy'],
      ['NEW-77', 'SECOND INSURER CO', 750_000, '2026-03-01T00:00:00Z', 'legacy'],
    ]);
    const orphans = await app.db.pool.query("SELECT count(*)::int AS n FROM insurance_policies WHERE policy_number = 'ORPHAN-1'");
    expect(orphans.rows[0].n).toBe(0);
  });
});
