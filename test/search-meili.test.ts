/**
 * GET /v1/carriers/search on the Meilisearch backend (MEILI_URL set; skipped otherwise): the
 * index built from carriers rows by lib/search/build/meili.ts, queried through the API. The
 * contract is the same as PostgreSQL's; text ranking and typo rules are Meilisearch's own, so
 * text cases check membership and totals rather than exact orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSnapshot } from '../lib/snapshot.ts';
import { rebuildMeili, refreshMeili } from '../lib/search/index.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { carrierRow, putCarriers } from './helpers/carrier-rows.ts';

const MEILI_URL = process.env.MEILI_URL;
let app: TestApp;
type Query = Record<string, string | number>;

const TX: [number, number] = [31.3917, -99.17];
const OK: [number, number] = [35.5883, -97.495];
const KS: [number, number] = [38.4983, -98.6983];
const at = (s: string, [lat, lon]: [number, number]) => ({ phy_state: s, lat, lon });

const FIXTURE: CarrierSnapshot[] = [
  carrierRow('700001', { legal_name: 'ACME TRUCKING LLC', ...at('TX', TX), phy_city: 'DALLAS', power_units: 12, cargo_carried: ['General Freight', 'Livestock'] }),
  carrierRow('700002', { legal_name: 'ACME TRANSPORT INC', ...at('TX', TX), phy_city: 'AUSTIN', power_units: 3 }),
  carrierRow('700003', { legal_name: 'ZETA HAULERS INC', dba_name: 'ACME FREIGHT', ...at('OK', OK), power_units: 40, entity_type: 'BROKER' }),
  carrierRow('700004', { legal_name: 'BLUE SKY LOGISTICS LLC', ...at('KS', KS), power_units: 1, carrier_status: 'INACTIVE' }),
  carrierRow('700005', { legal_name: 'BLUE RIVER EXPRESS CO', ...at('KS', KS), power_units: 7, officer_1: 'MARY SMITH', phone: '5558675309' }),
  carrierRow('700006', { legal_name: '100% FREIGHT LLC', ...at('OK', OK), power_units: 7, email: 'ops@hundred.example.com', mc_number: '4242' }),
  carrierRow('700007', { legal_name: 'CARTER TRUCKING CORP', ...at('TX', TX), power_units: 7, authority_status: 'NONE', common_authority_date: null }),
];

async function search(query: Query) {
  const { data, error, response } = await app.api.GET('/v1/carriers/search', { params: { query: query as never } });
  return { data: data!, error, status: response.status };
}
const dots = (rows: { dot_number: string }[]) => rows.map((r) => r.dot_number);

describe.skipIf(!MEILI_URL)('search on Meilisearch', () => {
  beforeAll(async () => {
    app = await startApp({ config: { meiliUrl: MEILI_URL!, meiliKey: process.env.MEILI_KEY ?? '' } });
    await putCarriers(app.db.pool, 1, FIXTURE);
    await rebuildMeili(app.services.config, app.db.pool);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  it('without parameters: active carriers by legal name, exact totals', async () => {
    const { data } = await search({});
    expect(dots(data.data)).toEqual(['700006', '700002', '700001', '700005', '700007', '700003']);
    expect(data.pagination).toEqual({ page: 1, per_page: 25, total: 6, total_pages: 1 });
    expect(data.data[0].distance_miles).toBeUndefined();
  });

  it('status ALL and INACTIVE', async () => {
    expect((await search({ status: 'ALL' })).data.pagination.total).toBe(7);
    expect(dots((await search({ status: 'INACTIVE' })).data.data)).toEqual(['700004']);
  });

  it('filters', async () => {
    const cases: [Query, string[]][] = [
      [{ state: 'tx' }, ['700002', '700001', '700007']],
      [{ city: 'dallas' }, ['700001']],
      [{ cargo: 'LIVESTOCK' }, ['700001']],
      [{ entity_type: 'BROKER' }, ['700003']],
      [{ officer: 'smith' }, ['700005']],
      [{ phone: '+1 (555) 867-5309' }, ['700005']],
      [{ email: 'OPS@hundred.example.com' }, ['700006']],
      [{ mc_number: '004242' }, ['700006']],
      [{ fleet_min: 7, fleet_max: 12 }, ['700001', '700005', '700007', '700006'].sort()],
      [{ authority_months_min: 12 }, ['700006', '700002', '700001', '700005', '700003']],
    ];
    for (const [query, expected] of cases) {
      const got = dots((await search({ ...query, sort: 'dot' })).data.data);
      expect(got, JSON.stringify(query)).toEqual([...expected].sort());
    }
  });

  it('text: every word, the last as a prefix, legal and DBA names; typos tolerated', async () => {
    expect(dots((await search({ q: 'acme', sort: 'dot' })).data.data)).toEqual(['700001', '700002', '700003']);
    expect(dots((await search({ q: 'acme tru' })).data.data)).toEqual(['700001']);
    expect(dots((await search({ q: 'truking', sort: 'dot' })).data.data)).toEqual(['700001', '700007']);
    expect((await search({ q: '%' })).data.pagination.total).toBe(0);
  });

  it('sorts, pagination and geo', async () => {
    expect(dots((await search({ sort: 'fleet_size', per_page: 3 })).data.data)).toEqual(['700003', '700001', '700005']);
    const page2 = await search({ sort: 'dot', per_page: 4, page: 2 });
    expect(dots(page2.data.data)).toEqual(['700006', '700007']);
    expect(page2.data.pagination).toEqual({ page: 2, per_page: 4, total: 6, total_pages: 2 });
    const centre = await search({ lat: OK[0], lon: OK[1], radius: 200 });
    expect(dots(centre.data.data)).toEqual(['700003', '700006']); // KS lies ~208 miles away
    expect(centre.data.data.map((r) => r.distance_miles)).toEqual([0, 0]);
    // Between Oklahoma (~103 miles) and Kansas (~109 miles): nearest state first, then by DOT.
    const between = await search({ lat: 37.0, lon: -98.1, radius: 200, status: 'ALL' });
    expect(dots(between.data.data)).toEqual(['700003', '700006', '700004', '700005']);
    const miles = between.data.data.map((r) => r.distance_miles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect((await search({ lat: 32.78, lon: -96.8, radius: 50 })).data.pagination.total).toBe(0);
    expect((await search({ lat: 40 })).status).toBe(400);
    expect((await search({ sort: 'distance' })).status).toBe(400);
  });

  it('an incremental refresh pushes changed and removed carriers', async () => {
    await putCarriers(app.db.pool, 2, [carrierRow('700008', { legal_name: 'NEWLY ADDED CARTAGE LLC' })]);
    const run = 5; // after run 1, which wrote the fixture
    await app.db.pool.query(`INSERT INTO etl_runs (etl_run_id, batch_ts, input_dir, status) VALUES ($1, '2031-02-02', '/x', 'succeeded')`, [run]);
    await app.db.pool.query(
      `INSERT INTO changes (etl_run_id, batch_ts, dot_number, carrier_name, category, old_values, new_values, phy_state)
       VALUES ($1, '2031-02-02', '700002', 'ACME TRANSPORT INC', 'removed_carrier', '{}', '{}', 'TX')`,
      [run],
    );
    await app.db.pool.query(`DELETE FROM carriers WHERE dot_number = '700002'`);
    await app.db.pool.query('UPDATE carriers SET etl_run_id = $1 WHERE dot_number = $2', [run, '700008']);
    const r = await refreshMeili(app.services.config, app.db.pool, 1);
    expect(r).toMatchObject({ mode: 'incremental', upserted: 1, deleted: 1 });
    expect(dots((await search({ q: 'cartage' })).data.data)).toEqual(['700008']);
    const acme = await search({ q: 'acme', sort: 'dot' });
    expect(dots(acme.data.data)).toEqual(['700001', '700003']);
    expect(acme.data.pagination.total).toBe(2);
  });
});
