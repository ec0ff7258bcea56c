/** Carrier profile, safety, insurance and bulk lookups on a sample loaded by the real pipeline. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';
import { loadedSample, type LoadedSample } from './helpers/sample.ts';
import { putCoreJson } from './helpers/carrier-rows.ts';
import { coreCarrier } from '../server/carrier-view.ts';

let app: TestApp;
let sample: LoadedSample;
let key: string;
let latestRun: number;
const q = (text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows);

beforeAll(async () => {
  sample = await loadedSample();
  app = await startApp({ db: sample.db });
  latestRun = (await q("SELECT max(etl_run_id) AS id FROM etl_runs WHERE status = 'succeeded'"))[0].id;
  const { data } = await app.api.POST('/v1/auth/signup', { body: { email: 'carriers@example.com', password: 'carriers-pass' } });
  key = data!.api_key!;
});
afterAll(async () => {
  await app?.close();
  await sample?.drop();
});

describe('GET /v1/carriers/{dot_number}', () => {
  it('returns the full profile with freshness and matches the served row', async () => {
    const [row] = await q("SELECT * FROM carriers WHERE carrier_status = 'ACTIVE' AND mc_number IS NOT NULL ORDER BY dot_number LIMIT 1");
    const { data, response } = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: row.dot_number } } });
    expect(response.status).toBe(200);
    expect(data!.dot_number).toBe(row.dot_number);
    expect(data!.legal_name).toBe(row.legal_name);
    expect(data!.mc_number).toBe(row.mc_number);
    expect(data!.address.state).toBe(row.phy_state);
    expect(data!.fleet).toEqual({ power_units: row.power_units, drivers: row.drivers });
    expect(data!.insurance.max_bipd).toBe(Number(row.max_bipd));
    expect(data!.etl_run_id).toBe(latestRun);
    expect(Date.parse(data!.data_as_of)).not.toBeNaN();
  });

  it('ignores leading zeros and answers 304 to a matching If-None-Match', async () => {
    const [row] = await q('SELECT dot_number FROM carriers ORDER BY dot_number LIMIT 1');
    const first = await fetch(`${app.url}/v1/carriers/000${row.dot_number}`);
    expect(first.status).toBe(200);
    expect((await first.json()).dot_number).toBe(row.dot_number);
    const etag = first.headers.get('etag')!;
    expect(etag).toContain(String(latestRun));
    const again = await fetch(`${app.url}/v1/carriers/${row.dot_number}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('unknown DOT → 404 NOT_FOUND; not digits → 400 INVALID_PARAM', async () => {
    const missing = await app.api.GET('/v1/carriers/{dot_number}', { params: { path: { dot_number: '99999999' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.error.code).toBe('NOT_FOUND');
    const bad = await fetch(`${app.url}/v1/carriers/12x4`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('INVALID_PARAM');
  });
});

describe('search after a pipeline run', () => {
  it('finds a loaded carrier by name: the search-index stage follows every run', async () => {
    const [row] = await q("SELECT dot_number, legal_name FROM carriers WHERE carrier_status = 'ACTIVE' ORDER BY dot_number LIMIT 1");
    const { data, response } = await app.api.GET('/v1/carriers/search', { params: { query: { q: row.legal_name, per_page: 100 } } });
    expect(response.status).toBe(200);
    expect(data!.pagination.total).toBeGreaterThan(0);
    expect(data!.data.map((r) => r.dot_number)).toContain(row.dot_number);
  });
});

describe('GET /v1/carriers/{dot_number}/safety', () => {
  it('serves inspections, OOS rates beside national averages, crashes and BASICs', async () => {
    const [row] = await q('SELECT * FROM carriers WHERE driver_inspections >= 10 ORDER BY dot_number LIMIT 1');
    const { data, response } = await app.api.GET('/v1/carriers/{dot_number}/safety', { params: { path: { dot_number: row.dot_number } } });
    expect(response.status).toBe(200);
    expect(data!.inspections.driver).toEqual({ inspections: row.driver_inspections, oos: row.driver_oos_inspections });
    expect(data!.oos_rates.driver.rate).toBe(row.driver_oos_rate);
    expect(data!.oos_rates.driver.national_average).toBeGreaterThan(0);
    expect(data!.crashes.total).toBe(row.total_crashes);
    expect(data!.period_months).toBe(24);
  });
});

describe('GET /v1/carriers/{dot_number}/insurance', () => {
  it('lists the active policies with amounts in dollars', async () => {
    const [row] = await q("SELECT dot_number, count(*)::int AS n FROM insurance_policies GROUP BY 1 HAVING count(*) > 1 ORDER BY 1 LIMIT 1");
    const { data, response } = await app.api.GET('/v1/carriers/{dot_number}/insurance', { params: { path: { dot_number: row.dot_number } } });
    expect(response.status).toBe(200);
    expect(data!.policies).toHaveLength(row.n);
    for (const p of data!.policies) {
      expect(p.coverage_amount % 1000).toBe(0); // thousands in the file, dollars here
      expect(p.coverage_amount).toBeGreaterThanOrEqual(1000);
    }
    const bipd = data!.policies.filter((p) => p.policy_type === 'BIPD');
    const [c] = await q('SELECT max_bipd FROM carriers WHERE dot_number = $1', [row.dot_number]);
    expect(Math.max(0, ...bipd.map((p) => p.coverage_amount))).toBe(Number(c.max_bipd));
  });
});

describe('stored core profiles (carrier_core_json)', () => {
  it('hold for every loaded carrier with an MC number the core profile the server renders from its row, field by field and in order', async () => {
    // Loaded by a bootstrap and an incremental run (two days); runs before any test edits a row.
    const rows = await q('SELECT c.*, j.dot_number AS core_dot, j.mc_number AS core_mc, j.body FROM carriers c FULL JOIN carrier_core_json j USING (dot_number)');
    expect(rows.filter((r) => r.legal_name == null)).toEqual([]); // no body without its carrier
    expect(rows.filter((r) => (r.mc_number == null) !== (r.body == null))).toEqual([]);
    const stored = rows.filter((r) => r.body != null);
    expect(stored.length).toBeGreaterThan(500);
    expect(stored.filter((r) => r.cargo_carried.length > 0 && r.contract_authority_date != null && r.carrier_status === 'INACTIVE').length).toBeGreaterThan(0);
    for (const r of stored) {
      expect(r.core_mc).toBe(r.mc_number);
      // Parsed and written again: the numbers' spelling may differ (DuckDB writes 41.0), not the values or the key order.
      expect(JSON.stringify(JSON.parse(r.body))).toBe(JSON.stringify(coreCarrier(r)));
    }
  });
});

describe('POST /v1/carriers/bulk', () => {
  it('needs a key', async () => {
    const res = await app.api.POST('/v1/carriers/bulk', { body: { dot_numbers: ['1'] } });
    expect(res.response.status).toBe(401);
    expect(res.error!.error.code).toBe('UNAUTHORIZED');
  });

  it('returns core profiles in request order; unmatched DOTs are absent', async () => {
    const rows = await q('SELECT * FROM carriers ORDER BY dot_number DESC LIMIT 3');
    const dots = [rows[2].dot_number, '99999998', rows[0].dot_number, rows[1].dot_number, rows[0].dot_number];
    const { data, response } = await app.api.POST('/v1/carriers/bulk', { body: { dot_numbers: dots }, headers: { 'X-API-Key': key } });
    expect(response.status).toBe(200);
    expect(data).toEqual([rows[2], rows[0], rows[1]].map(coreCarrier));
    expect(data![0]).not.toHaveProperty('risk_score');
    expect(data![0]).not.toHaveProperty('safety');
  });

  it('more than 50 → 400 INVALID_PARAM', async () => {
    const dots = Array.from({ length: 51 }, (_, i) => String(i + 1));
    const res = await app.api.POST('/v1/carriers/bulk', { body: { dot_numbers: dots }, headers: { 'X-API-Key': key } });
    expect(res.response.status).toBe(400);
    expect(res.error!.error.code).toBe('INVALID_PARAM');
  });
});

describe('POST /v1/carriers/bulk-by-mc', () => {
  it('ignores blanks and duplicates, resolves inactive carriers and every holder of a shared MC', async () => {
    // Make sure the sample holds both cases (a small sample may have neither by chance).
    const withMc = await q('SELECT dot_number, mc_number FROM carriers WHERE mc_number IS NOT NULL ORDER BY dot_number LIMIT 3');
    await q("UPDATE carriers SET carrier_status = 'INACTIVE' WHERE dot_number = $1", [withMc[0].dot_number]);
    await q('UPDATE carriers SET mc_number = $1 WHERE dot_number = $2', [withMc[1].mc_number, withMc[2].dot_number]);
    await putCoreJson(app.db.pool, [withMc[0].dot_number, withMc[2].dot_number]);
    const [inactive] = await q("SELECT mc_number FROM carriers WHERE carrier_status = 'INACTIVE' AND mc_number IS NOT NULL LIMIT 1");
    const [shared] = await q('SELECT mc_number, count(*)::int AS n FROM carriers WHERE mc_number IS NOT NULL GROUP BY 1 HAVING count(*) > 1 LIMIT 1');
    const body = { mc_numbers: [inactive.mc_number, '', '  ', inactive.mc_number, shared.mc_number, '99999991'] };
    const { data, response } = await app.api.POST('/v1/carriers/bulk-by-mc', { body, headers: { 'X-API-Key': key } });
    expect(response.status).toBe(200);
    expect(data!.not_found).toEqual(['99999991']);
    expect(data!.data.filter((c) => c.mc_number === inactive.mc_number).length).toBeGreaterThanOrEqual(1);
    expect(data!.data.some((c) => c.mc_number === inactive.mc_number && c.status === 'INACTIVE')).toBe(true);
    expect(data!.data.filter((c) => c.mc_number === shared.mc_number)).toHaveLength(shared.n);
    const blanks = await app.api.POST('/v1/carriers/bulk-by-mc', { body: { mc_numbers: ['', ' '] }, headers: { 'X-API-Key': key } });
    expect(blanks.data).toEqual({ data: [], not_found: [] });
  });

  it('answers in request order, each carrier once, and lists not_found as sent', async () => {
    // Four MC numbers in descending order, one of them with two carriers (made so here).
    const held = await q('SELECT dot_number, mc_number FROM carrier_core_json ORDER BY mc_number DESC LIMIT 5');
    await q('UPDATE carriers SET mc_number = $1 WHERE dot_number = $2', [held[2].mc_number, held[4].dot_number]);
    await putCoreJson(app.db.pool, [held[4].dot_number]);
    const mcs = held.slice(0, 4).map((r) => r.mc_number);
    const sent = [mcs[3], '07777777', mcs[1], `00${mcs[3]}`, mcs[2], mcs[0], '7777777'];
    for (let i = 0; i < 3; i++) {
      // Three times: read from the database, then kept, then answered from the carrier cache.
      const { data } = await app.api.POST('/v1/carriers/bulk-by-mc', { body: { mc_numbers: sent }, headers: { 'X-API-Key': key } });
      const shared = [held[2].dot_number, held[4].dot_number].sort();
      expect(data!.data.map((c) => c.dot_number)).toEqual([held[3].dot_number, held[1].dot_number, ...shared, held[0].dot_number]);
      expect(data!.not_found).toEqual(['07777777']);
    }
  });

  it('more than 500 → 400; a prefixed MC → 400; no key → 401', async () => {
    const many = Array.from({ length: 501 }, (_, i) => String(i + 1));
    const over = await app.api.POST('/v1/carriers/bulk-by-mc', { body: { mc_numbers: many }, headers: { 'X-API-Key': key } });
    expect(over.response.status).toBe(400);
    const prefixed = await app.api.POST('/v1/carriers/bulk-by-mc', { body: { mc_numbers: ['MC45'] }, headers: { 'X-API-Key': key } });
    expect(prefixed.response.status).toBe(400);
    expect(prefixed.error!.error.code).toBe('INVALID_PARAM');
    const anon = await app.api.POST('/v1/carriers/bulk-by-mc', { body: { mc_numbers: ['1'] } });
    expect(anon.response.status).toBe(401);
  });
});

describe('answers sent already serialised', () => {
  it('are the same from an app that does not validate responses (as in production) as from one that does', async () => {
    // The test app validates every answer, which makes the handlers send objects through
    // res.json; a production app sends the serialised bytes themselves (handlers/carriers.ts).
    const prod = await startApp({ db: app.db, app: { validateResponses: false } });
    try {
      const held = await q('SELECT dot_number, mc_number FROM carrier_core_json ORDER BY dot_number LIMIT 40');
      const mcs = held.map((r) => r.mc_number);
      // Bulk-by-MC passes the stored profiles on as bytes (lib/binary-copy.ts): one holds non-ASCII
      // characters, a quote and a backslash, which must arrive as the same characters.
      await q(`UPDATE carriers SET legal_name = 'ÑANDÚ "Fast" \\ Freight' WHERE dot_number = $1`, [held[0].dot_number]);
      await putCoreJson(app.db.pool, [held[0].dot_number]);
      const [{ dot_number: dot }] = await q('SELECT dot_number FROM carriers ORDER BY dot_number DESC LIMIT 1');
      const requests: [string, RequestInit][] = [
        ['/v1/carriers/bulk-by-mc', { method: 'POST', headers: { 'X-API-Key': key, 'content-type': 'application/json' }, body: JSON.stringify({ mc_numbers: [...mcs, '99999993'] }) }],
        // A profile the carrier cache does not hold yet: rendered, kept and sent by the handler.
        [`/v1/carriers/${dot}/safety`, {}],
      ];
      for (const [path, init] of requests) {
        const [validated, served] = await Promise.all([fetch(app.url + path, init), fetch(prod.url + path, init)]);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe(validated.headers.get('content-type'));
        const text = await served.text();
        expect(Number(served.headers.get('content-length'))).toBe(Buffer.byteLength(text));
        const body = JSON.parse(text);
        expect(body).toEqual(await validated.json());
        if (path.endsWith('bulk-by-mc')) {
          expect(body.data.find((c: { dot_number: string }) => c.dot_number === held[0].dot_number).legal_name).toBe('ÑANDÚ "Fast" \\ Freight');
          expect(body.not_found).toEqual(['99999993']);
        }
      }
    } finally {
      await prod.close();
    }
  });
});
