/**
 * The carrier cache: repeated lookups answered from memory, byte for byte what the database
 * answer was, and emptied by every committed write to the tables they come from (the real
 * pipeline's load, or any other statement), over a real LISTEN connection.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipelineCli } from '../lib/pipeline-process.ts';
import { createCarrierCache, type CachedAnswer, type CarrierCache } from '../server/carrier-cache.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { loadedSample, type LoadedSample } from './helpers/sample.ts';
import { putRun } from './helpers/carrier-rows.ts';

let app: TestApp;
let sample: LoadedSample;
const q = (text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows);
const stats = () => app.services.carrierCache!.stats();
const get = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${app.url}${p}`, { headers });
  return { status: res.status, etag: res.headers.get('etag'), type: res.headers.get('content-type'), text: await res.text() };
};

/** Keys are kept at their second miss: set twice. */
const keep = (cache: CarrierCache, key: string, answer: CachedAnswer) => {
  cache.set(key, cache.generation(), answer);
  cache.set(key, cache.generation(), answer);
};

let key: string;
/** Bulk-by-MC's answer for `mcs`, as the client sees it. */
const byMc = async (mcs: string[]) => {
  const res = await fetch(`${app.url}/v1/carriers/bulk-by-mc`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ mc_numbers: mcs }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: { dot_number: string; mc_number: string; legal_name: string }[]; not_found: string[] };
};

beforeAll(async () => {
  sample = await loadedSample();
  app = await startApp({ db: sample.db });
  key = (await app.api.POST('/v1/auth/signup', { body: { email: 'cache@example.com', password: 'cache-pass' } })).data!.api_key!;
});
afterAll(async () => {
  await app?.close();
  await sample?.drop();
});

describe('carrier cache', () => {
  it('answers a repeated profile, safety and insurance lookup from memory, identical to the first answer', async () => {
    const [{ dot_number: dot }] = await q("SELECT dot_number FROM carriers WHERE carrier_status = 'ACTIVE' ORDER BY dot_number LIMIT 1");
    for (const p of [`/v1/carriers/${dot}`, `/v1/carriers/${dot}/safety`, `/v1/carriers/${dot}/insurance`]) {
      const first = await get(p);
      expect(first.status).toBe(200);
      // Kept the second time it misses.
      expect(await get(p)).toEqual(first);
      const before = stats().hits;
      const again = await get(p);
      expect(stats().hits).toBe(before + 1);
      expect(again).toEqual(first);
      // Revalidation from memory too.
      expect((await get(p, { 'If-None-Match': first.etag! })).status).toBe(304);
      expect(stats().hits).toBe(before + 2);
    }
    // Leading zeros are the same carrier, and the same entry.
    const before = stats().hits;
    expect(JSON.parse((await get(`/v1/carriers/00${dot}`)).text).dot_number).toBe(dot);
    expect(stats().hits).toBe(before + 1);
  });

  it('a committed UPDATE of the carrier is served on the next lookup', async () => {
    const [{ dot_number: dot }] = await q('SELECT dot_number FROM carriers ORDER BY dot_number OFFSET 3 LIMIT 1');
    await get(`/v1/carriers/${dot}`);
    await get(`/v1/carriers/${dot}`);
    const hits = stats().hits;
    expect(JSON.parse((await get(`/v1/carriers/${dot}`)).text).legal_name).not.toBe('RENAMED BY TEST');
    expect(stats().hits).toBe(hits + 1);
    await q('UPDATE carriers SET legal_name = $2 WHERE dot_number = $1', [dot, 'RENAMED BY TEST']);
    await app.services.carrierCache!.sync();
    expect(JSON.parse((await get(`/v1/carriers/${dot}`)).text).legal_name).toBe('RENAMED BY TEST');
  });

  it('a write to insurance_policies or etl_runs empties it too', async () => {
    const [{ dot_number: dot }] = await q('SELECT dot_number FROM insurance_policies ORDER BY dot_number LIMIT 1');
    const first = JSON.parse((await get(`/v1/carriers/${dot}/insurance`)).text);
    await q('UPDATE insurance_policies SET insurer_name = $2 WHERE dot_number = $1', [dot, 'TEST MUTUAL']);
    await app.services.carrierCache!.sync();
    const after = JSON.parse((await get(`/v1/carriers/${dot}/insurance`)).text);
    expect(after.policies.map((p: { insurer_name: string }) => p.insurer_name)).toEqual(first.policies.map(() => 'TEST MUTUAL'));

    await get(`/v1/carriers/${dot}`);
    await get(`/v1/carriers/${dot}`);
    const entries = stats().entries;
    expect(entries).toBeGreaterThan(0);
    await q("UPDATE etl_runs SET summary = summary WHERE status = 'succeeded'");
    await app.services.carrierCache!.sync();
    expect(stats().entries).toBe(0);
  });

  it("serves the next run after the real pipeline's load commits, not the cached one", async () => {
    const dots = (await q('SELECT dot_number FROM carriers ORDER BY dot_number LIMIT 50')).map((r) => r.dot_number);
    const before = new Map<string, string>();
    for (const d of dots) before.set(d, (await get(`/v1/carriers/${d}`)).etag!);
    for (const d of dots) await get(`/v1/carriers/${d}`);
    expect(stats().entries).toBeGreaterThanOrEqual(dots.length);
    await runPipelineCli(['run', '--input', path.join(sample.dumps, sample.days[sample.loaded])], { DATABASE_URL: app.db.url, DUCKDB_PATH: sample.duckdb, LOG_LEVEL: 'warn' });
    await app.services.carrierCache!.sync();
    const [{ id }] = await q("SELECT max(etl_run_id) AS id FROM etl_runs WHERE status = 'succeeded'");
    for (const d of dots) {
      const now = await get(`/v1/carriers/${d}`);
      if (now.status === 404) continue; // removed by the day's mutations
      expect(now.etag).not.toBe(before.get(d));
      expect(JSON.parse(now.text).etl_run_id).toBe(id);
    }
  });

  it('does not keep an answer read before an invalidation it raced with', async () => {
    const cache = app.services.carrierCache!;
    cache.set('carrier:raced', cache.generation(), { etag: '"x"', body: Buffer.from('{}') }); // seen once
    const gen = cache.generation();
    await q("UPDATE etl_runs SET summary = summary WHERE status = 'succeeded'");
    await cache.sync();
    cache.set('carrier:raced', gen, { etag: '"x"', body: Buffer.from('{}') });
    expect(cache.get('carrier:raced')).toBeUndefined();
    cache.set('carrier:raced', cache.generation(), { etag: '"x"', body: Buffer.from('{}') });
    expect(cache.get('carrier:raced')?.etag).toBe('"x"');
  });

  it('keeps an answer the second time its key misses, so a walk over many carriers once evicts nothing', async () => {
    const cache = await createCarrierCache(app.db.pool, 1000);
    try {
      const answer = (k: string) => ({ etag: `"${k}"`, body: Buffer.alloc(100) });
      cache.set('hot', cache.generation(), answer('hot'));
      expect(cache.get('hot')).toBeUndefined();
      cache.set('hot', cache.generation(), answer('hot'));
      expect(cache.get('hot')?.etag).toBe('"hot"');
      for (let i = 0; i < 500; i++) cache.set(`once-${i}`, cache.generation(), answer(`once-${i}`));
      expect(cache.stats()).toMatchObject({ entries: 1, bytes: 100 });
      expect(cache.get('hot')?.etag).toBe('"hot"');
      // After an invalidation a key seen before is kept at its first miss.
      await q("UPDATE etl_runs SET summary = summary WHERE status = 'succeeded'");
      await cache.sync();
      expect(cache.get('hot')).toBeUndefined();
      cache.set('hot', cache.generation(), answer('hot'));
      expect(cache.get('hot')?.etag).toBe('"hot"');
    } finally {
      await cache.close();
    }
  });

  it('serves from the database while its LISTEN connection is down, and misses nothing written meanwhile', async () => {
    const cache = await createCarrierCache(app.db.pool, 1 << 20, 200);
    try {
      keep(cache, 'k', { etag: '"1"', body: Buffer.from('one') });
      expect(cache.get('k')).toBeDefined();
      const [{ n }] = await q(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN carrier_data'",
      );
      expect(n).toBeGreaterThan(0);
      // The app's own cache lost its connection too; both come back on their own.
      await expect.poll(() => cache.get('k')).toBeUndefined();
      await expect
        .poll(
          async () => {
            keep(cache, 'k', { etag: '"2"', body: Buffer.from('two') });
            return cache.get('k')?.etag;
          },
          { interval: 100 },
        )
        .toBe('"2"');
      await q("UPDATE etl_runs SET summary = summary WHERE status = 'succeeded'");
      await cache.sync();
      expect(cache.get('k')).toBeUndefined();
    } finally {
      await cache.close();
    }
    // The app's cache is back too: a write empties it again.
    const [{ dot_number: dot }] = await q('SELECT dot_number FROM carriers ORDER BY dot_number LIMIT 1');
    await expect
      .poll(async () => {
        await get(`/v1/carriers/${dot}`);
        const hits = stats().hits;
        await get(`/v1/carriers/${dot}`);
        return stats().hits - hits;
      }, { interval: 100 })
      .toBe(1);
  });

  it('keeps at most its byte budget, dropping the least recently used', async () => {
    const cache = await createCarrierCache(app.db.pool, 100);
    try {
      const put = (k: string) => keep(cache, k, { etag: `"${k}"`, body: Buffer.alloc(30) });
      put('a');
      put('b');
      put('c');
      expect(cache.get('a')).toBeDefined(); // a is now the most recently used
      put('d');
      expect(cache.stats()).toMatchObject({ entries: 3, bytes: 90 });
      expect(cache.get('b')).toBeUndefined();
      expect(['a', 'c', 'd'].map((k) => cache.get(k)?.etag)).toEqual(['"a"', '"c"', '"d"']);
      keep(cache, 'big', { etag: '"big"', body: Buffer.alloc(101) });
      expect(cache.get('big')).toBeUndefined();
    } finally {
      await cache.close();
    }
  });

  it('CARRIER_CACHE_MB=0 turns it off: every lookup reads the database', async () => {
    const off = await startApp({ db: app.db, config: { carrierCacheMb: 0 } });
    try {
      const [{ dot_number: dot }] = await q('SELECT dot_number FROM carriers ORDER BY dot_number LIMIT 1');
      const first = await fetch(`${off.url}/v1/carriers/${dot}`).then((r) => r.text());
      expect(await fetch(`${off.url}/v1/carriers/${dot}`).then((r) => r.text())).toBe(first);
      expect(off.services.carrierCache!.stats()).toMatchObject({ entries: 0, hits: 0 });
    } finally {
      await off.close();
    }
  });

  it('answers from memory only what the validator would pass, and every request as the uncached server does', async () => {
    const off = await startApp({ db: app.db, config: { carrierCacheMb: 0 } });
    try {
      const [{ dot_number: dot }] = await q('SELECT dot_number FROM carriers ORDER BY dot_number OFFSET 7 LIMIT 1');
      for (const p of [`/v1/carriers/${dot}`, `/v1/carriers/${dot}/safety`, `/v1/carriers/${dot}/insurance`]) {
        await get(p);
        await get(p);
      }
      const { etag } = await get(`/v1/carriers/${dot}`);
      const padded = dot.padStart(8, '0');
      const cases: [string, Record<string, string>, boolean][] = [
        // [path, headers, answered from memory]
        [`/v1/carriers/${dot}`, {}, true],
        [`/v1/carriers/${padded}`, {}, true],
        [`/v1/carriers/${dot}/safety`, {}, true],
        [`/v1/carriers/${dot}/insurance`, { 'If-None-Match': 'W/"nope", "x"' }, true],
        [`/v1/carriers/${dot}`, { 'If-None-Match': etag! }, true],
        [`/v1/carriers/0${padded}`, {}, false], // 9 digits: 400
        [`/v1/carriers/${dot}`, { 'If-None-Match': 'x'.repeat(1025) }, false], // too long: 400
        [`/v1/carriers/${dot}?as_of=2026-01-01`, {}, false],
        [`/v1/carriers/${dot}?unknown=1`, {}, false], // 400
        [`/v1/carriers/${dot}/`, {}, false],
        [`/V1/CARRIERS/${dot}`, {}, false],
        [`/v1/carriers/${dot}/risk-history`, {}, false],
        [`/v1/carriers/%31${dot}`, {}, false],
      ];
      for (const [p, headers, fromMemory] of cases) {
        const hits = stats().hits;
        const cached = await fetch(`${app.url}${p}`, { headers });
        const plain = await fetch(`${off.url}${p}`, { headers });
        expect(stats().hits - hits, p).toBe(fromMemory ? 1 : 0);
        expect([cached.status, cached.headers.get('etag'), await cached.text()], p).toEqual([plain.status, plain.headers.get('etag'), await plain.text()]);
      }
      // A key is still checked, and the rate limit still counts, before a hit is answered.
      expect((await fetch(`${app.url}/v1/carriers/${dot}`, { headers: { 'X-API-Key': 'cdk_live_not_a_key' } })).status).toBe(401);
    } finally {
      await off.close();
    }
  });

  it("keeps bulk-by-MC's profiles by MC number, and serves a committed write to them at once", async () => {
    const mcs = (await q('SELECT DISTINCT mc_number FROM carrier_core_json ORDER BY mc_number LIMIT 20')).map((r) => r.mc_number);
    const first = await byMc([...mcs, '7777777']);
    expect(first.data.length).toBeGreaterThanOrEqual(mcs.length);
    expect(await byMc([...mcs, '7777777'])).toEqual(first); // kept at its second miss
    const before = stats().hits;
    expect(await byMc([...mcs, '7777777'])).toEqual(first);
    expect(stats().hits - before).toBe(mcs.length); // the unmatched number is asked of the database
    // Half from memory, half read: the same answer.
    expect(await byMc([...mcs.slice(0, 10), '7777777', ...(await q('SELECT DISTINCT mc_number FROM carrier_core_json ORDER BY mc_number OFFSET 20 LIMIT 3')).map((r) => r.mc_number)]))
      .toMatchObject({ data: expect.arrayContaining(first.data.filter((c) => mcs.slice(0, 10).includes(c.mc_number))), not_found: ['7777777'] });
    await q(`UPDATE carrier_core_json SET body = jsonb_set(body::jsonb, '{legal_name}', '"RENAMED BY TEST"')::text WHERE mc_number = $1`, [mcs[0]]);
    await app.services.carrierCache!.sync();
    const renamed = (await byMc(mcs)).data.filter((c) => c.mc_number === mcs[0]);
    expect(renamed.map((c) => c.legal_name)).toEqual(renamed.map(() => 'RENAMED BY TEST'));
  });

  it("never joins bulk-by-MC's cached profiles to rows of a newer run", async () => {
    const [a, b] = (await q('SELECT DISTINCT mc_number FROM carrier_core_json ORDER BY mc_number DESC LIMIT 2')).map((r) => r.mc_number);
    await byMc([a]);
    await byMc([a]);
    const hits = stats().hits;
    const cached = (await byMc([a])).data;
    expect(stats().hits).toBe(hits + 1);
    // A run commits and its notification has not arrived yet: the writes notify nobody.
    await q('ALTER TABLE carrier_core_json DISABLE TRIGGER carrier_core_json_notify');
    await q('ALTER TABLE etl_runs DISABLE TRIGGER etl_runs_notify');
    let run: number | undefined;
    try {
      await q(`UPDATE carrier_core_json SET body = jsonb_set(body::jsonb, '{legal_name}', '"NEXT RUN"')::text WHERE mc_number = $1`, [a]);
      run = await putRun(app.db.pool, '2099-01-01');
      expect((await byMc([a])).data).toEqual(cached); // all from memory: this server has not heard of the run
      const mixed = await byMc([a, b]); // b is read from the new run: so is a, again
      expect(mixed.data.filter((c) => c.mc_number === a).map((c) => c.legal_name)).toEqual(cached.map(() => 'NEXT RUN'));
    } finally {
      await q('ALTER TABLE carrier_core_json ENABLE TRIGGER carrier_core_json_notify');
      await q('ALTER TABLE etl_runs ENABLE TRIGGER etl_runs_notify');
      if (run) await q('DELETE FROM etl_runs WHERE etl_run_id = $1', [run]);
    }
  });

  it('does not keep a 404: a carrier inserted afterwards is found at once', async () => {
    const [row] = await q('SELECT * FROM carriers ORDER BY dot_number LIMIT 1');
    expect((await get('/v1/carriers/99999901')).status).toBe(404);
    await q(`INSERT INTO carriers SELECT (jsonb_populate_record(NULL::carriers, to_jsonb(c) || '{"dot_number": "99999901"}')).* FROM carriers c WHERE dot_number = $1`, [row.dot_number]);
    expect((await get('/v1/carriers/99999901')).status).toBe(200);
  });
});
