/**
 * GET /v1/carriers/search on the PostgreSQL backend: a few hundred hand-made carriers, the search
 * tables built from them (lib/search/build/refresh.ts), and every parameter, sort and combination
 * checked against a plain reference implementation of the rules in openapi.yaml.
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../lib/postgres.ts';
import type { CarrierSnapshot } from '../lib/snapshot.ts';
import { NATIONAL_OOS } from '../lib/domain.ts';
import { deletions, normalizeText, oneEditAway, PostgresSearch, rebuildSearchIndex, refreshSearchIndex, searchParams, typoDistance } from '../lib/search/index.ts';
import { installMacros } from '../lib/search/build/derive.ts';
import { withScratchDuck } from '../lib/search/build/scratch.ts';
import { logger } from '../lib/logger.ts';
import { createProgress } from '../pipeline/progress.ts';
import type { RunContext } from '../pipeline/context.ts';
import { SearchSteps } from '../pipeline/load-plan/search.ts';
import { searchIndex } from '../pipeline/stages/search-index.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { carrierRow, putCarriers, putRun } from './helpers/carrier-rows.ts';

let app: TestApp;
type Query = Record<string, string | number>;

// --- the fixture ---------------------------------------------------------------------------

/** State centroids as data/state-centroids.csv has them (the carriers' lat/lon). */
const CENTROID: Record<string, [number, number]> = {
  TX: [31.3917, -99.17], OK: [35.5883, -97.495], CA: [36.965, -120.0817], NV: [39.33, -116.6317],
  NE: [41.525, -99.8617], KS: [38.4983, -98.6983], NY: [42.95, -75.5333], NJ: [40.07, -74.5583],
  MD: [39.4417, -77.3717], DE: [38.98, -75.5117], DC: [38.9, -77.0167], PA: [40.8961, -77.7961],
};
const STATES = Object.keys(CENTROID);
const CITIES: Record<string, string[]> = Object.fromEntries(STATES.map((s) => [s, [`${s} CITY`, `NORTH ${s}`, 'SPRINGFIELD']]));
const SURNAMES = ['ADAMS', 'BAKER', 'CARTER', 'DIAZ', 'EVANS', 'FOSTER', 'GARCIA', 'HUGHES', 'IVANOV', 'JONES', 'KING', 'LOPEZ'];
const BIZ = ['TRUCKING', 'TRANSPORT', 'TRANSPORTATION', 'LOGISTICS', 'EXPRESS', 'FREIGHT', 'HAULING'];
const SFX = ['LLC', 'INC', 'CO', 'CORP'];
const ENTITIES = ['CARRIER', 'CARRIER', 'CARRIER', 'BROKER', 'SHIPPER', 'FREIGHT FORWARDER', 'CARRIER', 'CARGO TANK'];
const CARGO = [['General Freight'], ['General Freight', 'Livestock'], ['Household Goods'], [], ['Metal: sheets, coils, rolls']];
const TODAY = new Date();
const daysAgo = (n: number) => new Date(TODAY.getTime() - n * 86_400_000).toISOString().slice(0, 10);

function generated(i: number): CarrierSnapshot {
  const dot = String(100_000 + i);
  const state = STATES[i % STATES.length];
  const [lat, lon] = CENTROID[state];
  return carrierRow(dot, {
    mc_number: i % 3 === 0 ? null : String(5000 + i),
    legal_name: `${SURNAMES[i % 12]} ${BIZ[i % 7]} ${SFX[i % 4]}`,
    dba_name: i % 6 === 0 ? `${SURNAMES[(i + 5) % 12]} ${BIZ[(i + 3) % 7]}` : '',
    entity_type: ENTITIES[i % ENTITIES.length],
    carrier_operation: (['A', 'B', 'C', ''] as const)[i % 4],
    carrier_status: i % 5 === 0 ? 'INACTIVE' : 'ACTIVE',
    authority_status: i % 4 === 0 ? 'NONE' : i % 9 === 0 ? 'INACTIVE' : 'ACTIVE',
    common_authority_date: i % 4 === 0 ? null : daysAgo(15 + ((i * 37) % 3000)),
    phy_city: CITIES[state][i % 3],
    phy_state: state,
    phone: `40255${String(10000 + i).slice(-5)}`,
    email: `ops${i}@fleet${i % 7}.example.com`,
    officer_1: `${['JOHN', 'MARY', 'ALEX'][i % 3]} ${SURNAMES[(i * 5) % 12]}`,
    officer_2: i % 4 === 1 ? `PAT ${SURNAMES[(i * 7) % 12]}` : '',
    power_units: (i * 7) % 50,
    drivers: (i * 7) % 50 + 1,
    cargo_carried: CARGO[i % CARGO.length],
    max_bipd: (i % 4) * 250_000,
    max_cargo: (i % 3) * 50_000,
    vehicle_oos_rate: i % 2 ? 12.5 : null,
    driver_oos_rate: i % 2 ? 4.25 : null,
    lat,
    lon,
  });
}

/** Rows with exact, literal and odd names for the text cases. */
const SPECIAL: CarrierSnapshot[] = [
  carrierRow('900001', { legal_name: 'ACME', phy_state: 'TX', lat: CENTROID.TX[0], lon: CENTROID.TX[1] }),
  carrierRow('900002', { legal_name: 'ACME TRUCKING LLC', phy_state: 'TX', lat: CENTROID.TX[0], lon: CENTROID.TX[1] }),
  carrierRow('900003', { legal_name: 'ZETA HAULERS INC', dba_name: 'ACME FREIGHT', phy_state: 'OK', lat: CENTROID.OK[0], lon: CENTROID.OK[1] }),
  carrierRow('900004', { legal_name: 'BIG ACME CARRIERS LLC', phy_state: 'OK', lat: CENTROID.OK[0], lon: CENTROID.OK[1] }),
  carrierRow('900005', { legal_name: 'ACMEX LOGISTICS INC' }),
  carrierRow('900006', { legal_name: "O'BRIEN HAULING INC", officer_1: "SEAN O'BRIEN" }),
  carrierRow('900007', { legal_name: '100% FREIGHT LLC', officer_1: 'RATE 100% BOSS' }),
  carrierRow('900008', { legal_name: 'A_B CARRIERS LLC', officer_1: 'UNDER_SCORE MAN' }),
  carrierRow('900009', { legal_name: 'BACK\\SLASH LOGISTICS', officer_1: 'BACK\\SLASH' }),
  carrierRow('900010', { legal_name: 'ACME TRUCKING LLC', carrier_status: 'INACTIVE' }),
  carrierRow('900011', { legal_name: 'ACME TRUCKING LLC', dba_name: 'ROADRUNNER' }),
  carrierRow('900012', { legal_name: 'QUIXOTIC VENTURES LLC', phone: '5558675309', email: 'mixed.case@example.com' }),
  // A DBA equal to a query its legal name only starts with: ranks among the equal names.
  carrierRow('900013', { legal_name: 'KING HAULING CO', dba_name: 'KING' }),
  // The ends of name order: a one-character name ('A' sorts before 'A_' and 'AC'), and a name
  // starting with the last code point before the UTF-16 surrogates.
  carrierRow('900014', { legal_name: 'A' }),
  carrierRow('900015', { legal_name: '\uD7FF HAULING', phy_state: 'TX', lat: CENTROID.TX[0], lon: CENTROID.TX[1] }),
  // KING's relevance head (names starting with KING) holds a carrier listed early in name order
  // under its legal name, and KING's list goes on past the head.
  carrierRow('900016', { legal_name: 'AARDVARK FREIGHT INC', dba_name: 'KING TRANSPORT' }),
  carrierRow('900017', { legal_name: 'ZULU KING LLC' }),
  carrierRow('900018', { legal_name: 'ZYDECO KING EXPRESS INC' }),
  // Holds TRANSPORT and TRANSPORTATION: one carrier in TRANS*'s merged lists.
  carrierRow('900019', { legal_name: 'ABLE TRANSPORT INC', dba_name: 'ABLE TRANSPORTATION' }),
];
const FIXTURE = [...Array.from({ length: 240 }, (_, i) => generated(i)), ...SPECIAL];

// --- the reference rules -------------------------------------------------------------------

const wordsOf = (s: string) => normalizeText(s).split(' ').filter(Boolean);
const termsOf = (c: CarrierSnapshot) => new Set([...wordsOf(c.legal_name), ...wordsOf(c.dba_name)]);
const monthsAgo = (m: number) => {
  const d = new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth() - m, 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(TODAY.getUTCDate(), last));
  return d.toISOString().slice(0, 10);
};
function miles(lat1: number, lon1: number, lat2: number, lon2: number) {
  const r = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lon2 - lon1) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(a));
}

/** The carriers a query matches (text only without typos: the typo cases are explicit tests). */
function reference(q: Query): CarrierSnapshot[] {
  const status = (q.status as string) ?? 'ACTIVE';
  return FIXTURE.filter((c) => {
    if (status !== 'ALL' && c.carrier_status !== status) return false;
    if (q.state && c.phy_state !== String(q.state).toUpperCase()) return false;
    if (q.city && c.phy_city !== String(q.city).trim().toUpperCase()) return false;
    if (q.cargo && !c.cargo_carried.some((x) => x.toLowerCase() === String(q.cargo).trim().toLowerCase())) return false;
    if (q.entity_type && c.entity_type !== q.entity_type) return false;
    if (q.carrier_operation && c.carrier_operation !== q.carrier_operation) return false;
    if (q.fleet_min !== undefined && c.power_units < Number(q.fleet_min)) return false;
    if (q.fleet_max !== undefined && c.power_units > Number(q.fleet_max)) return false;
    if (q.authority_months_min !== undefined) {
      if (c.authority_status !== 'ACTIVE' || !c.common_authority_date) return false;
      if (c.common_authority_date > monthsAgo(Number(q.authority_months_min))) return false;
    }
    if (q.officer) {
      const o = String(q.officer).trim().toUpperCase();
      if (!c.officer_1.includes(o) && !c.officer_2.includes(o)) return false;
    }
    if (q.lat !== undefined && miles(Number(q.lat), Number(q.lon), c.lat!, c.lon!) > Number(q.radius ?? 50)) return false;
    if (q.q !== undefined) {
      const words = wordsOf(String(q.q));
      const terms = [...termsOf(c)];
      const ok = words.every((w, i) => (i === words.length - 1 ? terms.some((t) => t.startsWith(w)) : terms.includes(w)));
      if (!ok || words.length === 0) return false;
    }
    return true;
  });
}

const byName = (a: CarrierSnapshot, b: CarrierSnapshot) =>
  a.legal_name < b.legal_name ? -1 : a.legal_name > b.legal_name ? 1 : Number(a.dot_number) - Number(b.dot_number);
const dots = (rows: { dot_number: string }[]) => rows.map((r) => r.dot_number);

async function search(query: Query) {
  const { data, error, response } = await app.api.GET('/v1/carriers/search', { params: { query: query as never } });
  return { data: data!, error, status: response.status };
}

/** Every page of a query, concatenated (checks the totals on the way). */
async function allPages(query: Query, perPage = 100) {
  const rows = [];
  const first = await search({ ...query, per_page: perPage });
  rows.push(...first.data.data);
  for (let page = 2; page <= first.data.pagination.total_pages; page++) {
    const next = await search({ ...query, per_page: perPage, page });
    expect(next.data.pagination.total).toBe(first.data.pagination.total);
    rows.push(...next.data.data);
  }
  return { total: first.data.pagination.total, rows };
}

beforeAll(async () => {
  app = await startApp();
  await putCarriers(app.db.pool, 1, FIXTURE);
  await withTransaction(app.db.pool, (c) => rebuildSearchIndex(c, null));
});
afterAll(async () => {
  await app?.close();
});

// --- tests ---------------------------------------------------------------------------------

describe('defaults, pagination and the row shape', () => {
  it('without parameters: active carriers by legal name then DOT, 25 a page, exact totals', async () => {
    const expected = reference({}).sort(byName);
    const { data, status } = await search({});
    expect(status).toBe(200);
    expect(data.pagination).toEqual({ page: 1, per_page: 25, total: expected.length, total_pages: Math.ceil(expected.length / 25) });
    expect(dots(data.data)).toEqual(dots(expected.slice(0, 25)));
    const all = await allPages({});
    expect(dots(all.rows)).toEqual(dots(expected));
  });

  it('a row carries the search fields, national OOS averages and insurance maxima; no distance', async () => {
    const { data } = await search({ q: 'quixotic' });
    const row = data.data[0];
    expect(row).toEqual({
      dot_number: '900012', mc_number: null, legal_name: 'QUIXOTIC VENTURES LLC', dba_name: '', city: 'OMAHA', state: 'NE',
      status: 'ACTIVE', entity_type: 'CARRIER', power_units: 3, drivers: 3, vehicle_oos_rate: 33.33,
      vehicle_oos_national: NATIONAL_OOS.vehicle, driver_oos_rate: 0, driver_oos_national: NATIONAL_OOS.driver,
      insurance_bipd: 1_000_000, insurance_cargo: 0, lat: 41.5, lon: -99.8,
    });
  });

  it('per_page up to 100, a page past the end is empty with the same total', async () => {
    const total = reference({ status: 'ALL' }).length;
    const big = await search({ status: 'ALL', per_page: 100, page: 2 });
    expect(big.data.data).toHaveLength(100);
    const past = await search({ status: 'ALL', per_page: 100, page: 40 });
    expect(past.data.data).toEqual([]);
    expect(past.data.pagination).toEqual({ page: 40, per_page: 100, total, total_pages: Math.ceil(total / 100) });
  });

  it('nothing matched: total 0, total_pages 0', async () => {
    const { data } = await search({ q: 'nonexistentword' });
    expect(data.pagination).toEqual({ page: 1, per_page: 25, total: 0, total_pages: 0 });
  });
});

describe('filters, each against the reference', () => {
  const cases: Query[] = [
    { status: 'ALL' },
    { status: 'INACTIVE' },
    { state: 'tx' },
    { state: 'NJ', status: 'ALL' },
    { city: 'springfield' },
    { city: '  tx city ' },
    { cargo: 'general freight' },
    { cargo: 'LIVESTOCK', status: 'ALL' },
    { cargo: 'Metal: sheets, coils, rolls' },
    { entity_type: 'BROKER' },
    { entity_type: 'CARGO TANK', status: 'ALL' },
    { carrier_operation: 'A' },
    { carrier_operation: 'C', state: 'TX', status: 'ALL' },
    { q: 'trucking', carrier_operation: 'B', city: 'springfield' },
    { officer: 'john' },
    { officer: 'pat ad' },
    { officer: 'MARY  ' },
    { fleet_min: 40 },
    { fleet_max: 3 },
    { fleet_min: 10, fleet_max: 12 },
    { fleet_min: 7, fleet_max: 7, status: 'ALL' },
    { authority_months_min: 0 },
    { authority_months_min: 24 },
    { authority_months_min: 60, status: 'ALL' },
    { q: 'trucking' },
    { q: 'TRANSPORT' },
    { q: 'transportation llc' },
    { q: 'adams trans' },
    { q: 'KING', status: 'ALL' },
    { q: 'logistics', state: 'CA' },
    { q: 'express', cargo: 'general freight', fleet_min: 5 },
    { q: 'freight', entity_type: 'BROKER', status: 'ALL' },
    { q: 'hauling', city: 'springfield' },
    { q: 'garcia', officer: 'alex' },
    { state: 'TX', cargo: 'General Freight' },
    { state: 'KS', entity_type: 'CARRIER', fleet_max: 20 },
    { cargo: 'household goods', authority_months_min: 12, fleet_min: 1 },
  ];
  for (const query of cases) {
    it(JSON.stringify(query), async () => {
      const expected = reference(query).sort(byName);
      const sort: Query = query.q ? { sort: 'name' } : {};
      const got = await allPages({ ...query, ...sort }, 50);
      expect(got.total).toBe(expected.length);
      expect(dots(got.rows)).toEqual(dots(expected));
    });
  }

  it('blank text filters are ignored', async () => {
    const base = await search({});
    for (const k of ['q', 'city', 'cargo', 'officer', 'phone', 'email']) {
      const { data } = await search({ [k]: '   ' });
      expect(data.pagination.total, k).toBe(base.data.pagination.total);
    }
  });

  it('unknown cargo label and unknown city match nothing', async () => {
    expect((await search({ cargo: 'Moon Rocks' })).data.pagination.total).toBe(0);
    expect((await search({ city: 'ATLANTIS' })).data.pagination.total).toBe(0);
  });

  it('phone compares digits only, with or without the US country code', async () => {
    for (const phone of ['(555) 867-5309', '555.867.5309', '+1 555 867 5309', '15558675309']) {
      expect(dots((await search({ phone })).data.data), phone).toEqual(['900012']);
    }
    expect((await search({ phone: 'call me' })).data.pagination.total).toBe(0);
    expect((await search({ phone: '5558675' })).data.pagination.total).toBe(0);
  });

  it('email is exact and case-insensitive; mc_number ignores leading zeros', async () => {
    expect(dots((await search({ email: ' MIXED.case@example.COM ' })).data.data)).toEqual(['900012']);
    expect((await search({ email: 'mixed.case@example' })).data.pagination.total).toBe(0);
    const withMc = FIXTURE.find((c) => c.mc_number && c.carrier_status === 'ACTIVE')!;
    expect(dots((await search({ mc_number: `000${withMc.mc_number}` })).data.data)).toEqual([withMc.dot_number]);
  });

  it('an inactive carrier is found by its MC only with status ALL or INACTIVE', async () => {
    const inactive = FIXTURE.find((c) => c.mc_number && c.carrier_status === 'INACTIVE')!;
    expect((await search({ mc_number: inactive.mc_number! })).data.pagination.total).toBe(0);
    expect(dots((await search({ mc_number: inactive.mc_number!, status: 'ALL' })).data.data)).toEqual([inactive.dot_number]);
    expect(dots((await search({ mc_number: inactive.mc_number!, status: 'INACTIVE' })).data.data)).toEqual([inactive.dot_number]);
  });
});

describe('text search', () => {
  it('exact name first, then names starting with the query by that name, then other matches by name', async () => {
    const { data } = await search({ q: 'acme', status: 'ALL' });
    // ACME (exact), then the names starting with ACME in the order of that name, then legal name
    // and DOT (ZETA HAULERS by its DBA ACME FREIGHT, ACME TRUCKING x3, ACMEX), then the other
    // matches (BIG ACME).
    expect(dots(data.data)).toEqual(['900001', '900003', '900002', '900010', '900011', '900005', '900004']);
  });

  it('relevance order over every page equals the reference order', async () => {
    // The key of a name equal to the query or starting with it: that name (the query itself when
    // equal); the other matches come after them, by legal name and DOT.
    const rankKey = (c: CarrierSnapshot, q: string): string | null => {
      const legal = normalizeText(c.legal_name);
      const dba = normalizeText(c.dba_name);
      if (legal === q || dba === q) return q;
      if (legal.startsWith(q)) return legal;
      return dba !== '' && dba.startsWith(q) ? dba : null;
    };
    for (const q of ['acme', 'trans', 't', 'k', 'king', 'acme trucking', 'lopez']) {
      const norm = wordsOf(q).join(' ');
      const expected = reference({ q, status: 'ALL' }).sort((a, b) => {
        const [ka, kb] = [rankKey(a, norm), rankKey(b, norm)];
        if (ka !== kb) return ka === null ? 1 : kb === null ? -1 : ka < kb ? -1 : 1;
        return byName(a, b);
      });
      const got = await allPages({ q, status: 'ALL' }, 7);
      expect(dots(got.rows), q).toEqual(dots(expected));
    }
  });

  it('matches legal and DBA names together, every word (the last as a prefix)', async () => {
    expect(dots((await search({ q: 'acme roadrunner' })).data.data)).toEqual(['900011']);
    expect(dots((await search({ q: 'acme truc' })).data.data)).toEqual(['900002', '900011']);
    expect((await search({ q: 'acm trucking' })).data.pagination.total).toBe(0); // only the last word is a prefix
  });

  it('the words one edit away are exactly the words at distance 1', () => {
    const dictionary = [...new Set(FIXTURE.flatMap((c) => [...termsOf(c)]))];
    for (const w of ['TRUKING', 'ACEM', 'KINGG', 'A1B2', 'LOPZE', 'XY']) {
      const away = new Set(oneEditAway(w));
      for (const v of away) expect(typoDistance(w, v, 2), `${w} -> ${v}`).toBe(1);
      expect(dictionary.filter((t) => away.has(t)).sort(), w).toEqual(dictionary.filter((t) => typoDistance(w, t, 1) === 1).sort());
    }
  });

  it('a word within two edits shares a deletion with the word; search_deletions() files the same', async () => {
    const dictionary = [...new Set(FIXTURE.flatMap((c) => [...termsOf(c)]))].filter((t) => t.length >= 6);
    for (const w of ['TRNSPORTATOIN', 'LOGISTCIS', 'QUIXOTCI', 'EXPRESSSS', 'HUAGLING']) {
      const mine = new Set(deletions(w));
      const near = dictionary.filter((t) => typoDistance(w, t, 2) <= 2);
      expect(near.length, w).toBeGreaterThan(0);
      for (const t of near) expect(deletions(t).some((d) => mine.has(d)), `${w} -> ${t}`).toBe(true);
    }
    const { rows } = await app.db.pool.query('SELECT array_agg(d COLLATE "C" ORDER BY d COLLATE "C") AS d FROM search_deletions($1) d', ['LOGISTICS']);
    expect(rows[0].d).toEqual(deletions('LOGISTICS').sort());
    expect(deletions('AB').sort()).toEqual(['', 'A', 'AB', 'B']);
  });

  it('tolerates typos in words no name holds: one edit from 4 letters, two from 8', async () => {
    const trucking = reference({ q: 'trucking' }).length;
    expect((await search({ q: 'truking' })).data.pagination.total).toBe(trucking); // missing letter
    expect((await search({ q: 'turcking' })).data.pagination.total).toBe(trucking); // swapped letters
    expect((await search({ q: 'logistcis' })).data.pagination.total).toBe(reference({ q: 'logistics' }).length);
    expect((await search({ q: 'trnsportatoin' })).data.pagination.total).toBe(reference({ q: 'transportation' }).length);
    expect((await search({ q: 'acem' })).data.pagination.total).toBe(reference({ q: 'acme' }).filter((c) => termsOf(c).has('ACME')).length);
    expect((await search({ q: 'acm' })).data.pagination.total).toBe(reference({ q: 'acm' }).length); // a prefix, not a typo
    expect((await search({ q: 'xyz' })).data.pagination.total).toBe(0); // 3 letters: no typos
    expect(typoDistance('TRANSPORT', 'TRNASPORT', 2)).toBe(1);
  });

  it('SQL and LIKE metacharacters are literal', async () => {
    for (const q of ['%', '_', '\\', "'", '%%', "' OR 1=1 --"]) {
      const { data, status } = await search({ q, status: 'ALL' });
      expect(status, q).toBe(200);
      expect(data.pagination.total, q).toBe(0);
    }
    expect(dots((await search({ q: "o'brien" })).data.data)).toEqual(['900006']);
    expect(dots((await search({ q: 'obrien' })).data.data)).toEqual(['900006']);
    expect(dots((await search({ q: '100%' })).data.data)).toEqual(['900007']);
    expect(dots((await search({ q: 'back\\slash' })).data.data)).toEqual(['900009']);
    expect(dots((await search({ officer: '100%' })).data.data)).toEqual(['900007']);
    expect(dots((await search({ officer: 'under_' })).data.data)).toEqual(['900008']);
    expect(dots((await search({ officer: "o'b" })).data.data)).toEqual(['900006']);
    expect(dots((await search({ officer: 'k\\s' })).data.data)).toEqual(['900009']);
    expect(dots((await search({ officer: '%' })).data.data)).toEqual(['900007']);
    expect(dots((await search({ officer: '_' })).data.data)).toEqual(['900008']);
    expect((await search({ city: '%' })).data.pagination.total).toBe(0);
    expect((await search({ cargo: '%' })).data.pagination.total).toBe(0);
  });

  it('query normalisation matches the index (search_norm)', async () => {
    const samples = ["O'Brien & Sons, Inc.", '  100%_x\\y  ', 'é-ß Straße', 'A&B-C/D', 'tab\tnew\nline'];
    // The index's names are normalised by the build, in DuckDB (lib/search/sql/derive/macros.sql).
    await withScratchDuck(os.tmpdir(), async ({ duck }) => {
      await installMacros(duck);
      for (const s of samples) {
        const rows = (await duck.runAndReadAll('SELECT search_norm($1) AS n', [s])).getRowObjectsJS();
        expect(normalizeText(s), s).toBe(rows[0].n);
      }
    });
  });
});

describe('every plan gives the same answer', () => {
  // The fixture is small, so the API (default thresholds) sorts most matches in one query; moved
  // thresholds force the walks over search_postings and the name index on the same searches.
  const queries: Query[] = [
    { q: 'trans' },
    { q: 'trans', status: 'ALL', per_page: 7, page: 3 },
    { q: 'TRANSPORT', status: 'INACTIVE' },
    { q: 'acme', status: 'ALL' },
    { q: 'acme', status: 'ALL', per_page: 2, page: 2 },
    { q: 'acme', per_page: 3, page: 2 },
    { q: 'adams trans' },
    { q: 'king', state: 'TX' },
    { q: 'king', status: 'ALL', per_page: 4, page: 2 },
    { q: 'express', cargo: 'general freight', status: 'ALL' },
    { q: 'freight', fleet_min: 10 },
    { q: 'logistics', city: 'springfield' },
    { q: 'trucking', sort: 'name_desc', per_page: 9, page: 2 },
    { q: 'trucking', sort: 'name', entity_type: 'BROKER', status: 'ALL' },
    { q: 'truking' },
    { q: 'truking', state: 'TX', cargo: 'general freight', status: 'ALL' },
    { q: 'acme trucking llc', status: 'ALL' },
    { q: 'king trucking', status: 'ALL', per_page: 3, page: 2 },
    { q: 'adams trans', page: 50 },
    { q: 'logistics', city: 'springfield', page: 9 },
    { q: 't', per_page: 20, page: 3 },
    { q: 'a', status: 'ALL', per_page: 50, page: 2 },
    { q: 'lopez', lat: CENTROID.NY[0], lon: CENTROID.NY[1], radius: 200, sort: 'name' },
    { q: 'hauling', lat: CENTROID.TX[0], lon: CENTROID.TX[1], radius: 200 },
  ];
  const plans = {
    walks: new PostgresSearch(null as never, { smallTotal: 0, driverMax: 0 }),
    sorts: new PostgresSearch(null as never, { smallTotal: 1e9, driverMax: 0 }),
    'sorts, counted in the page': new PostgresSearch(null as never, { smallTotal: 1e9, driverMax: 1e9 }),
  };
  for (const query of queries) {
    it(JSON.stringify(query), async () => {
      const api = (await search(query)).data;
      for (const [name, plan] of Object.entries(plans)) {
        Object.assign(plan, { pool: app.db.pool });
        const got = await plan.search(searchParams(query as never, TODAY));
        expect({ total: got.total, rows: dots(got.rows) }, name).toEqual({ total: api.pagination.total, rows: dots(api.data) });
      }
      if (query.sort === 'name' || query.sort === undefined) {
        const expected = reference(query);
        expect(api.pagination.total).toBe(query.q === 'truking' ? reference({ ...query, q: 'trucking' }).length : expected.length);
      }
    });
  }
});

describe('deep pages in name order', () => {
  // Every page in name order, each skipping its whole offset.
  const fromBuckets = new PostgresSearch(null as never, { smallTotal: 1000, driverMax: 5000 });
  const queries: Query[] = [
    {}, { status: 'ALL' }, { status: 'INACTIVE' }, { state: 'TX' }, { state: 'NY', status: 'ALL' },
    { cargo: 'general freight' }, { cargo: 'livestock', status: 'ALL' }, { state: 'TX', cargo: 'General Freight' },
  ];
  for (const query of queries) {
    it(JSON.stringify(query), async () => {
      Object.assign(fromBuckets, { pool: app.db.pool });
      const expected = reference(query).sort(byName);
      const rows = [];
      for (let page = 1; page <= Math.ceil(expected.length / 7); page++) {
        const got = await fromBuckets.search(searchParams({ ...query, per_page: 7, page } as never, TODAY));
        expect(got.total).toBe(expected.length);
        rows.push(...got.rows);
      }
      expect(dots(rows)).toEqual(dots(expected));
      // The last row alone (for most sets 900015's).
      const last = await fromBuckets.search(searchParams({ ...query, per_page: 1, page: expected.length } as never, TODAY));
      expect(dots(last.rows)).toEqual(dots(expected.slice(-1)));
    });
  }
});

describe('deep pages of one word', () => {
  // One word's lists in name order (relevance order: after its head), each page skipping its
  // offset and the head's entries. KING's head (900013's DBA, names starting with KING) lies inside
  // the list; HAULING holds 900015, the last name; TRANS* merges TRANSPORT and TRANSPORTATION
  // (900019 holds both: counted once), with status ALL over both statuses' lists.
  const walked = new PostgresSearch(null as never, { smallTotal: 0, driverMax: 0 });
  const pages = async (plan: PostgresSearch, query: Query, perPage: number, total: number) => {
    const rows = [];
    for (let page = 1; page <= Math.ceil(total / perPage); page++) {
      const got = await plan.search(searchParams({ ...query, per_page: perPage, page } as never, TODAY));
      expect(got.total).toBe(total);
      rows.push(...got.rows);
    }
    return dots(rows);
  };
  const queries: Query[] = [
    { q: 'king' }, { q: 'king', status: 'INACTIVE' }, { q: 'trucking' }, { q: 'hauling' }, { q: 'hauling', sort: 'name' },
    { q: 'trans' }, { q: 'transport', status: 'ALL' }, { q: 'trans', sort: 'name', status: 'ALL' },
  ];
  for (const query of queries) {
    it(JSON.stringify(query), async () => {
      Object.assign(walked, { pool: app.db.pool });
      const api = await allPages(query);
      expect(api.total).toBe(reference(query).length);
      for (const perPage of [1, 3, 7]) expect(await pages(walked, query, perPage, api.total), `per_page ${perPage}`).toEqual(dots(api.rows));
    });
  }
});

describe('sorts', () => {
  const cmp = {
    name_desc: (a: CarrierSnapshot, b: CarrierSnapshot) =>
      a.legal_name < b.legal_name ? 1 : a.legal_name > b.legal_name ? -1 : Number(a.dot_number) - Number(b.dot_number),
    dot: (a: CarrierSnapshot, b: CarrierSnapshot) => Number(a.dot_number) - Number(b.dot_number),
    fleet_desc: (a: CarrierSnapshot, b: CarrierSnapshot) => b.power_units - a.power_units || Number(a.dot_number) - Number(b.dot_number),
    fleet_asc: (a: CarrierSnapshot, b: CarrierSnapshot) => a.power_units - b.power_units || Number(a.dot_number) - Number(b.dot_number),
  };
  const orders: [string, (a: CarrierSnapshot, b: CarrierSnapshot) => number][] = [
    ['name', byName],
    ['name_asc', byName],
    ['name_desc', cmp.name_desc],
    ['dot', cmp.dot],
    ['dot_asc', cmp.dot],
    ['dot_desc', (a, b) => -cmp.dot(a, b)],
    ['fleet_size', cmp.fleet_desc],
    ['fleet_size_desc', cmp.fleet_desc],
    ['fleet_size_asc', cmp.fleet_asc],
  ];
  for (const [sort, order] of orders) {
    for (const query of [{ status: 'ALL' }, { q: 'trans', state: 'TX' }] as Query[]) {
      it(`${sort} ${JSON.stringify(query)}`, async () => {
        const expected = reference(query).sort(order);
        const got = await allPages({ ...query, sort }, 37);
        expect(dots(got.rows)).toEqual(dots(expected));
      });
    }
  }
});

describe('geo', () => {
  const at = (s: string) => ({ lat: CENTROID[s][0], lon: CENTROID[s][1] });

  it('200 miles around a centroid covers the neighbouring centroids; rows sorted by distance, then DOT', async () => {
    const query = { ...at('MD'), radius: 200, status: 'ALL' };
    const expected = reference(query)
      .map((c) => ({ c, d: Math.round(miles(query.lat, query.lon, c.lat!, c.lon!) * 10) / 10 }))
      .sort((a, b) => a.d - b.d || Number(a.c.dot_number) - Number(b.c.dot_number));
    expect(new Set(expected.map((e) => e.c.phy_state))).toEqual(new Set(['MD', 'DC', 'DE', 'PA', 'NJ']));
    const got = await allPages(query, 30);
    expect(got.total).toBe(expected.length);
    expect(dots(got.rows)).toEqual(expected.map((e) => e.c.dot_number));
    expect(got.rows.map((r) => r.distance_miles)).toEqual(expected.map((e) => e.d));
    const desc = await allPages({ ...query, sort: 'distance_desc' }, 30);
    const byDesc = [...expected].sort((a, b) => b.d - a.d || Number(a.c.dot_number) - Number(b.c.dot_number));
    expect(dots(desc.rows)).toEqual(byDesc.map((e) => e.c.dot_number));
  });

  it('a radius smaller than a state finds nothing away from the centroid; default radius 50', async () => {
    // Inside Texas, ~150 miles from its centroid.
    expect((await search({ lat: 32.78, lon: -96.8, radius: 100 })).data.pagination.total).toBe(0);
    expect((await search({ lat: 32.78, lon: -96.8 })).data.pagination.total).toBe(0);
    const near = await search({ lat: 31.5, lon: -99.2 });
    expect(near.data.pagination.total).toBe(reference({ state: 'TX' }).length);
    expect(near.data.data.every((r) => r.state === 'TX' && r.distance_miles! < 50)).toBe(true);
  });

  it('geo combines with the other filters and sorts', async () => {
    const query: Query = { ...at('NY'), radius: 200, q: 'trans', sort: 'name' };
    const expected = reference(query).sort(byName);
    const got = await allPages(query, 10);
    expect(dots(got.rows)).toEqual(dots(expected));
    expect(got.rows.every((r) => typeof r.distance_miles === 'number')).toBe(true);
    const withState = await search({ ...at('NY'), radius: 200, state: 'pa' });
    expect(withState.data.pagination.total).toBe(reference({ state: 'PA' }).length);
    expect((await search({ ...at('NY'), radius: 200, state: 'NJ' })).data.pagination.total).toBe(0); // NJ lies 205 miles away
  });

  it('radius is ignored without lat/lon; distance_miles only on geo searches', async () => {
    const { data } = await search({ radius: 5 });
    expect(data.pagination.total).toBe(reference({}).length);
    expect(data.data.every((r) => r.distance_miles === undefined)).toBe(true);
  });
});

describe('bad input → 400 INVALID_PARAM', () => {
  const bad: [string, Query][] = [
    ['lat without lon', { lat: 40 }],
    ['lon without lat', { lon: -100 }],
    ['distance sort without geo', { sort: 'distance' }],
    ['distance_desc without geo', { sort: 'distance_desc', q: 'acme' }],
    ['fleet_min above fleet_max', { fleet_min: 10, fleet_max: 5 }],
    ['per_page 101', { per_page: 101 }],
    ['per_page 0', { per_page: 0 }],
    ['page 0', { page: 0 }],
    ['radius 201', { lat: 40, lon: -100, radius: 201 }],
    ['radius 0', { lat: 40, lon: -100, radius: 0 }],
    ['lat 91', { lat: 91, lon: 0 }],
    ['mc_number not digits', { mc_number: 'MC123' }],
    ['unknown status', { status: 'DELETED' }],
    ['unknown sort', { sort: 'random' }],
    ['unknown entity type', { entity_type: 'PIRATE' }],
    ['state of 3 letters', { state: 'TEX' }],
    ['fleet_min not a number', { fleet_min: 'many' }],
    ['negative authority months', { authority_months_min: -1 }],
  ];
  for (const [name, query] of bad) {
    it(name, async () => {
      const { status, error } = await search(query);
      expect(status).toBe(400);
      expect((error as { error: { code: string } }).error.code).toBe('INVALID_PARAM');
    });
  }
});

describe('index refresh', () => {
  const snapshot = async () => {
    const q = (t: string) => app.db.pool.query(t).then((r) => r.rows);
    return {
      rows: await q('SELECT * FROM carrier_search ORDER BY id'),
      postings: await q('SELECT * FROM search_postings ORDER BY term, id'),
      counts: await q('SELECT * FROM search_counts WHERE n <> 0 ORDER BY active, state, entity, cargo'),
      words: await q('SELECT * FROM search_word_counts ORDER BY word, exact, active, state, entity'),
      terms: await q('SELECT * FROM search_terms ORDER BY term'),
      deletes: await q('SELECT * FROM search_term_deletes ORDER BY del, term'),
    };
  };

  it('an incremental refresh equals a full rebuild, and searches see it', async () => {
    const changed = [
      { ...generated(3), legal_name: 'RENAMED NOVELTIES EXPRESS LLC', phy_state: 'NY', lat: CENTROID.NY[0], lon: CENTROID.NY[1] },
      { ...generated(4), carrier_status: 'INACTIVE' as const, cargo_carried: ['Livestock', 'Grain, Feed, Hay'] },
      carrierRow('950000', { legal_name: 'BRAND NEW HAULERS INC', dba_name: 'NEWCO TRANSPORTATION' }),
    ];
    await putCarriers(app.db.pool, 2, changed);
    // Two-edit typo candidates (8+ letters) come from the deletion table: QUIXOTIC leaves the
    // dictionary with 900012, NOVELTIES enters it.
    expect(dots((await search({ q: 'quixotci' })).data.data)).toEqual(['900012']);
    expect((await search({ q: 'novletise', status: 'ALL' })).data.pagination.total).toBe(0);
    await app.db.pool.query("DELETE FROM carriers WHERE dot_number IN ('100005', '900005', '900012')");
    const r = await withTransaction(app.db.pool, (c) => refreshSearchIndex(c, { since: 1 }, 2));
    // Rows replaced: 5 old (2 changed, 3 removed) + 3 new (2 changed, 1 added).
    expect(r).toMatchObject({ mode: 'incremental', carriers: 8 });
    expect((await search({ q: 'quixotci', status: 'ALL' })).data.pagination.total).toBe(0);
    expect(dots((await search({ q: 'novletise', status: 'ALL' })).data.data)).toEqual(['100003']);
    const after = await snapshot();
    await withTransaction(app.db.pool, (c) => rebuildSearchIndex(c, 2));
    expect(await snapshot()).toEqual(after);
    // The count per cargo label (-1: all) as counted directly from the rows.
    const recount = await app.db.pool.query(
      `SELECT active, state, entity, -1 AS cargo, count(*)::int AS n FROM carrier_search GROUP BY 1, 2, 3
       UNION ALL
       SELECT c.active, c.state, c.entity, l.bit, count(*)::int FROM carrier_search c
       JOIN search_cargo_labels l ON c.cargo_bits & (1::bigint << l.bit) <> 0 GROUP BY 1, 2, 3, 4
       ORDER BY 1, 2, 3, 4`,
    );
    expect(after.counts).toEqual(recount.rows);

    expect(dots((await search({ q: 'novelties' })).data.data)).toEqual(['100003']);
    expect(dots((await search({ q: 'newco trans' })).data.data)).toEqual(['950000']);
    expect(dots((await search({ q: 'acme', status: 'ALL', per_page: 100 })).data.data)).not.toContain('900005');
    expect((await search({ cargo: 'grain, feed, hay', status: 'ALL' })).data.pagination.total).toBe(1);
  });
});

describe('pipeline: the search-index stage and the load step', () => {
  const ctxOf = (runId: number) =>
    ({
      runId,
      batchTs: new Date(),
      batchDate: '',
      inputDir: '',
      schema: `r${runId}`,
      duck: null as never,
      pool: app.db.pool,
      jobs: () => Promise.reject(new Error('these stage runs queue no jobs')),
      logger,
      progress: createProgress(logger),
      config: app.services.config,
      tmpDir: '',
    }) satisfies RunContext;
  const state = async () => (await app.db.pool.query("SELECT etl_run_id, full_build FROM search_index_state WHERE backend = 'postgres'")).rows[0];

  it('builds the index when it never was, then catches up with the runs after it', async () => {
    await app.db.pool.query('DELETE FROM search_index_state');
    const run1 = await putRun(app.db.pool, '2031-01-01');
    const first = await searchIndex.run(ctxOf(run1));
    expect(first.detail!.postgres).toMatchObject({ mode: 'full', analyzed: true });
    expect(await state()).toEqual({ etl_run_id: run1, full_build: true });

    const run2 = await putRun(app.db.pool, '2031-01-02');
    await putCarriers(app.db.pool, run2, [carrierRow('960000', { legal_name: 'STAGE CAUGHT UP LLC' })]);
    const second = await searchIndex.run(ctxOf(run2));
    // A refresh is vacuumed, not analyzed again (autovacuum analyzes once 10 % of a table changed).
    expect(second.detail!.postgres).toMatchObject({ mode: 'incremental', carriers: 1, analyzed: false });
    expect(await state()).toEqual({ etl_run_id: run2, full_build: false });
    expect(dots((await search({ q: 'caught' })).data.data)).toEqual(['960000']);

    const third = await searchIndex.run(ctxOf(run2));
    expect(third.detail!.postgres).toMatchObject({ mode: 'up to date' });
  });

  it('the load\'s search step refreshes the load delta inside the load transaction', async () => {
    const run3 = await putRun(app.db.pool, '2031-01-03', { status: 'running' });
    await withTransaction(app.db.pool, async (client) => {
      await client.query('CREATE TEMP TABLE load_delta (dot_number text PRIMARY KEY, op text NOT NULL) ON COMMIT DROP');
      await putCarriers(client, run3, [carrierRow('960000', { legal_name: 'STAGE RENAMED IN LOAD LLC' })]);
      await client.query("INSERT INTO load_delta VALUES ('960000', 'update')");
      const r = await new SearchSteps().swapOrRefresh.run({ ctx: ctxOf(run3), client, mode: 'incremental', onFailure: () => {} });
      expect(r).toEqual({ search: 2 }); // the old row and the new one
    });
    expect(await state()).toEqual({ etl_run_id: run3, full_build: false });
    expect(dots((await search({ q: 'renamed in load' })).data.data)).toEqual(['960000']);
    expect((await search({ q: 'caught' })).data.pagination.total).toBe(0);
  });
});
