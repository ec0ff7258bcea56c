/**
 * Signed vetting receipts over the HTTP API (server/receipts/, migration 034): issue (live and
 * as_of), exactly the served profile, verified with node:crypto (not the `jose` the server signs
 * with) and by the docs' own verifier; owner-only reads, paged lists; bad inputs; the rate limit;
 * append-only tables; the first key made once under concurrency; rotation keeps old receipts
 * verifiable; a server secret that cannot unseal the key.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { serverSecret } from '../lib/secrets.ts';
import { receiptsCommand } from '../server/receipts/keys-command.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { carrierRow } from './helpers/carrier-rows.ts';
import { loadDay } from './helpers/history-loads.ts';
import { signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let alice: TestAccount;
let bob: TestAccount;
const run: Record<string, number> = {};
const q = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => app.db.pool.query(text, values).then((r) => r.rows as T[]);

async function call(method: string, p: string, key?: string) {
  const res = await fetch(`${app.url}${p}`, { method, headers: key ? { 'X-API-Key': key } : {} });
  return { status: res.status, headers: res.headers, body: await res.json() };
}
const issue = (dot: string, key: string, query = '') => call('POST', `/v1/carriers/${dot}/receipts${query}`, key);
const receiptCount = async () => (await q<{ n: number }>('SELECT count(*)::int AS n FROM receipts'))[0].n;

/** RFC 8785 for JSON-parsed values: JavaScript's own JSON forms with keys sorted (written apart from the server's). */
const jcs = (v: unknown): string =>
  v !== null && typeof v === 'object'
    ? Array.isArray(v)
      ? `[${v.map(jcs).join(',')}]`
      : `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${jcs((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
    : JSON.stringify(v);

/** Verifies a compact JWS with node:crypto's Ed25519 against the published JWKS; returns header and payload. */
async function verifyWithNodeCrypto(jws: string) {
  const [h, p, s] = jws.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString());
  const jwks = (await call('GET', '/.well-known/jwks.json')).body;
  const jwk = jwks.keys.find((k: { kid: string }) => k.kid === header.kid);
  expect(jwk, `kid ${header.kid} is published`).toBeDefined();
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  const valid = crypto.verify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
  return { valid, header, payloadText: Buffer.from(p, 'base64url').toString('utf8') };
}

beforeAll(async () => {
  app = await startApp();
  run.d1 = await loadDay(app.db.pool, '2026-03-01', 'full', { upsert: [carrierRow('100'), carrierRow('101')] });
  run.d2 = await loadDay(app.db.pool, '2026-03-05', 'incremental', { upsert: [carrierRow('101', { phone: '4025550999' })] });
  alice = await signup(app, 'alice@example.com');
  bob = await signup(app, 'bob@example.com');
});
afterAll(async () => {
  await app?.close();
});

describe('POST /v1/carriers/{dot_number}/receipts', () => {
  it('makes one signing key on first use, even when two receipts race for it', async () => {
    expect((await call('GET', '/.well-known/jwks.json')).body).toEqual({ keys: [] });
    const [a, b] = await Promise.all([issue('100', alice.key), issue('100', bob.key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.key_id).toBe(b.body.key_id);
    expect(await q('SELECT kid FROM receipt_signing_keys')).toEqual([{ kid: a.body.key_id }]);
  });

  it('stores and returns the profile exactly as GET serves it, with its run, account, hash and a JWS over all of it', async () => {
    const served = await call('GET', '/v1/carriers/101');
    const before = await receiptCount();
    const { status, headers, body } = await issue('0101', alice.key);
    expect(status).toBe(201);
    expect(headers.get('location')).toBe(`/v1/receipts/${body.id}`);
    expect(await receiptCount()).toBe(before + 1);
    expect(body).toMatchObject({
      account_id: alice.id,
      dot_number: '101',
      as_of: null,
      etl_run_id: run.d2,
      batch_ts: '2026-03-05T00:00:00.000Z',
      canonicalization: 'RFC8785',
    });
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(Date.parse(body.issued_at) - Date.now())).toBeLessThan(60_000);
    expect(body.profile).toEqual(served.body);
    expect(body.profile.contact_tenure.phone.last_changed).toBe('2026-03-05');
    expect(body.profile_sha256).toBe(crypto.createHash('sha256').update(jcs(served.body)).digest('hex'));

    const { valid, header, payloadText } = await verifyWithNodeCrypto(body.jws);
    expect(valid).toBe(true);
    expect(header).toEqual({ alg: 'EdDSA', kid: body.key_id, typ: 'JOSE' });
    // The payload is the RFC 8785 form of the receipt less key_id and jws.
    const { key_id: _kid, jws: _jws, ...claims } = body;
    expect(payloadText).toBe(jcs(claims));
  });

  it('a changed byte breaks the signature', async () => {
    const { body } = await issue('100', alice.key);
    const [h, p, s] = body.jws.split('.');
    const forged = Buffer.from(p, 'base64url').toString().replace('"dot_number":"100"', '"dot_number":"999"');
    expect(forged).not.toBe(Buffer.from(p, 'base64url').toString());
    expect((await verifyWithNodeCrypto(`${h}.${Buffer.from(forged).toString('base64url')}.${s}`)).valid).toBe(false);
  });

  it('with as_of: the point-in-time profile as GET ?as_of serves it, and the run it was read from', async () => {
    const served = await call('GET', '/v1/carriers/101?as_of=2026-03-03');
    const { status, body } = await issue('101', alice.key, '?as_of=2026-03-03');
    expect(status).toBe(201);
    expect(body).toMatchObject({ as_of: '2026-03-03', etl_run_id: run.d1, batch_ts: '2026-03-01T00:00:00.000Z' });
    expect(body.profile).toEqual(served.body);
    expect(body.profile.contact.phone).toBe('4025550100');
    expect((await verifyWithNodeCrypto(body.jws)).valid).toBe(true);
  });

  it('verifies with the offline verifier docs/receipts.md shows, from files', async () => {
    const { body } = await issue('101', alice.key);
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'receipts.md'), 'utf8');
    const script = /```js\n([\s\S]*?)```/.exec(doc)![1];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-verify-'));
    fs.writeFileSync(path.join(dir, 'verify-receipt.mjs'), script);
    fs.writeFileSync(path.join(dir, 'receipt.json'), JSON.stringify(body));
    fs.writeFileSync(path.join(dir, 'jwks.json'), JSON.stringify((await call('GET', '/.well-known/jwks.json')).body));
    const out = execFileSync(process.execPath, ['verify-receipt.mjs', 'receipt.json', 'jwks.json'], { cwd: dir, encoding: 'utf8' });
    expect(out).toContain(`valid: DOT 101, run ${run.d2}`);
    // And it refuses a receipt whose profile was edited after signing, or whose key is unknown.
    const edited = { ...body, jws: body.jws.replace(/\.[^.]+\./, `.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body.jws.split('.')[1], 'base64url').toString()), dot_number: '1' })).toString('base64url')}.`) };
    fs.writeFileSync(path.join(dir, 'edited.json'), JSON.stringify(edited));
    expect(() => execFileSync(process.execPath, ['verify-receipt.mjs', 'edited.json', 'jwks.json'], { cwd: dir, stdio: 'pipe' })).toThrow(/bad signature/);
    fs.writeFileSync(path.join(dir, 'nokeys.json'), JSON.stringify({ keys: [] }));
    expect(() => execFileSync(process.execPath, ['verify-receipt.mjs', 'receipt.json', 'nokeys.json'], { cwd: dir, stdio: 'pipe' })).toThrow(/unknown key/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('bad inputs answer in the error envelope and store nothing', async () => {
    const before = await receiptCount();
    const cases: [string, string | undefined, number, string, string?][] = [
      ['/v1/carriers/99999/receipts', alice.key, 404, 'NOT_FOUND', 'No carrier with USDOT number 99999'],
      ['/v1/carriers/12ab/receipts', alice.key, 400, 'INVALID_PARAM'],
      ['/v1/carriers/100/receipts?as_of=2026-02-28', alice.key, 400, 'INVALID_PARAM', 'before the data horizon 2026-03-01'],
      ['/v1/carriers/100/receipts?as_of=2999-01-01', alice.key, 400, 'INVALID_PARAM', 'in the future'],
      ['/v1/carriers/100/receipts?as_of=2026-02-30', alice.key, 400, 'INVALID_PARAM', 'not a calendar date'],
      ['/v1/carriers/100/receipts?as_of=yesterday', alice.key, 400, 'INVALID_PARAM', 'as_of'],
      ['/v1/carriers/100/receipts?note=x', alice.key, 400, 'INVALID_PARAM', 'note'],
      ['/v1/carriers/100/receipts', undefined, 401, 'UNAUTHORIZED'],
      ['/v1/carriers/100/receipts', `cdk_${'Z'.repeat(43)}`, 401, 'UNAUTHORIZED'],
    ];
    // A carrier that did not exist on the as_of day is 404 too.
    await loadDay(app.db.pool, '2026-03-07', 'incremental', { upsert: [carrierRow('102')] });
    cases.push(['/v1/carriers/102/receipts?as_of=2026-03-06', alice.key, 404, 'NOT_FOUND', 'on 2026-03-06']);
    for (const [p, key, status, code, message] of cases) {
      const res = await call('POST', p, key);
      expect(res.status, p).toBe(status);
      expect(Object.keys(res.body), p).toEqual(['error']);
      expect(res.body.error.code, p).toBe(code);
      if (message) expect(res.body.error.message, p).toContain(message);
    }
    expect(await receiptCount()).toBe(before);
  });

  it('counts against the account’s rate limit like any keyed call', async () => {
    const carol = await signup(app, 'carol@example.com');
    await q('UPDATE accounts SET rate_limit = 2 WHERE id = $1', [carol.id]);
    expect((await issue('100', carol.key)).status).toBe(201);
    expect((await issue('100', carol.key)).status).toBe(201);
    const limited = await issue('100', carol.key);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('ratelimit-policy')).toContain('q=2');
    expect((await q('SELECT count(*)::int AS n FROM receipts WHERE account_id = $1', [carol.id]))[0].n).toBe(2);
  });
});

describe('GET /v1/receipts/{receipt_id} and GET /v1/receipts', () => {
  it('the owner reads the receipt as issued; another account’s is 404, as is an unknown id', async () => {
    const issued = (await issue('100', alice.key)).body;
    const read = await call('GET', `/v1/receipts/${issued.id}`, alice.key);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(issued);
    expect((await call('GET', `/v1/receipts/${issued.id.toUpperCase()}`, alice.key)).body).toEqual(issued);
    for (const [id, key] of [[issued.id, bob.key], [crypto.randomUUID(), alice.key]]) {
      const res = await call('GET', `/v1/receipts/${id}`, key);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await call('GET', '/v1/receipts/not-a-uuid', alice.key)).body.error.code).toBe('INVALID_PARAM');
    expect((await call('GET', `/v1/receipts/${issued.id}`)).status).toBe(401);
  });

  it('lists the account’s receipts newest first, paged, optionally of one DOT', async () => {
    const dave = await signup(app, 'dave@example.com');
    const ids: string[] = [];
    for (const dot of ['100', '101', '100']) {
      app.advance(1000); // distinct issue times
      ids.push((await issue(dot, dave.key)).body.id);
    }
    await issue('100', bob.key);
    const page1 = await call('GET', '/v1/receipts?per_page=2', dave.key);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(page1.body.receipts.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    const page2 = await call('GET', '/v1/receipts?per_page=2&page=2', dave.key);
    expect(page2.body.receipts.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const full = (await call('GET', `/v1/receipts/${ids[2]}`, dave.key)).body;
    const { profile: _p, jws: _j, account_id: _a, canonicalization: _c, ...summary } = full;
    expect(page1.body.receipts[0]).toEqual(summary);

    const of100 = await call('GET', '/v1/receipts?dot_number=00100', dave.key);
    expect(of100.body.receipts.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[0]]);
    expect(of100.body.total).toBe(2);
    expect((await call('GET', '/v1/receipts?page=9', dave.key)).body).toMatchObject({ receipts: [], total: 3, page: 9 });
    for (const bad of ['per_page=101', 'per_page=0', 'page=0', 'dot_number=1x', 'since=2026-01-01']) {
      const res = await call('GET', `/v1/receipts?${bad}`, dave.key);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code, bad).toBe('INVALID_PARAM');
    }
    expect((await call('GET', '/v1/receipts')).status).toBe(401);
  });
});

describe('append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of receipts, whoever sends them', async () => {
    const [{ id }] = await q<{ id: string }>('SELECT id FROM receipts LIMIT 1');
    await expect(q("UPDATE receipts SET dot_number = '1' WHERE id = $1", [id])).rejects.toThrow(/append-only: UPDATE/);
    await expect(q('DELETE FROM receipts WHERE id = $1', [id])).rejects.toThrow(/append-only: DELETE/);
    await expect(q('TRUNCATE receipts')).rejects.toThrow(/append-only: TRUNCATE/);
    await expect(q('TRUNCATE accounts CASCADE')).rejects.toThrow(/append-only/);
    expect((await q('SELECT count(*)::int AS n FROM receipts WHERE id = $1', [id]))[0].n).toBe(1);
  });

  it('keeps signing keys forever: no delete, no change but retiring a current key once', async () => {
    const [{ kid }] = await q<{ kid: string }>('SELECT kid FROM receipt_signing_keys');
    await expect(q('DELETE FROM receipt_signing_keys')).rejects.toThrow(/kept forever/);
    await expect(q(`UPDATE receipt_signing_keys SET public_jwk = '{}'`)).rejects.toThrow(/kept forever/);
    await expect(q('TRUNCATE receipt_signing_keys CASCADE')).rejects.toThrow(/append-only/);
    expect(await q('SELECT kid FROM receipt_signing_keys WHERE retired_at IS NULL')).toEqual([{ kid }]);
  });
});

describe('key rotation (npm run receipts -- rotate-key)', () => {
  it('signs new receipts with a new key; the old one stays published and its receipts still verify', async () => {
    const old = (await issue('100', alice.key)).body;
    const lines: string[] = [];
    const env = { pool: app.db.pool, secret: () => serverSecret(app.services.config), now: new Date(), out: (l: string) => lines.push(l) };
    expect(await receiptsCommand(['rotate-key'], env)).toBe(0);
    expect(lines).toEqual([`retired ${old.key_id} (still published)`, expect.stringMatching(/^current \S+$/)]);
    const newKid = lines[1].slice('current '.length);

    const jwks = await call('GET', '/.well-known/jwks.json');
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.headers.get('ratelimit')).toBeNull();
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual([newKid, old.key_id]);
    for (const k of jwks.body.keys) expect(Object.keys(k).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);

    const fresh = (await issue('100', alice.key)).body;
    expect(fresh.key_id).toBe(newKid);
    expect((await verifyWithNodeCrypto(fresh.jws)).valid).toBe(true);
    expect((await verifyWithNodeCrypto(old.jws)).valid).toBe(true);
    expect((await call('GET', `/v1/receipts/${old.id}`, alice.key)).body).toEqual(old);

    lines.length = 0;
    expect(await receiptsCommand(['keys'], env)).toBe(0);
    expect(lines.map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual([`current ${newKid}`, `retired ${old.key_id}`]);
    lines.length = 0;
    expect(await receiptsCommand(['delete-key'], env)).toBe(2);
    expect(lines[0]).toContain('usage');
  });

  it('a server secret that cannot unseal the current key fails the request (500 in the envelope), and old receipts still verify', async () => {
    const other = await startApp({ db: app.db, config: { serverSecret: crypto.randomBytes(32).toString('hex') } });
    try {
      const before = await receiptCount();
      const res = await fetch(`${other.url}/v1/carriers/100/receipts`, { method: 'POST', headers: { 'X-API-Key': alice.key } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
      expect(await receiptCount()).toBe(before);
      expect((await (await fetch(`${other.url}/.well-known/jwks.json`)).json()).keys.length).toBe(2);
    } finally {
      await other.close();
    }
  });
});
