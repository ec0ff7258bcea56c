/** Sign-up, login and GET /v1/auth/me; secrets at rest; bad inputs answer the envelope and change nothing. */
import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIERS } from '../lib/domain.ts';
import { decrypt, serverSecret, sha256 } from '../lib/secrets.ts';
import { startApp, type TestApp } from './helpers/app.ts';

let app: TestApp;
beforeAll(async () => {
  // The usage counters are per UTC day of the server's clock: it stands still (moved by advance()
  // only), so no test counts across a real midnight.
  app = await startApp({ clockAt: new Date() });
});
afterAll(async () => {
  await app.close();
});

async function rowCounts() {
  const { rows } = await app.db.pool.query(`
    SELECT (SELECT count(*) FROM accounts) AS accounts,
           (SELECT count(*) FROM password_reset_tokens) AS tokens,
           (SELECT count(*) FROM account_daily_usage) AS usage,
           (SELECT string_agg(md5(a::text), ',' ORDER BY id) FROM accounts a) AS digest`);
  return rows[0];
}

const signup = (body: { email: string; password?: string; name?: string; company?: string }) =>
  app.api.POST('/v1/auth/signup', { body });

describe('POST /v1/auth/signup', () => {
  it('creates a free account and returns it with an API key (201)', async () => {
    const { data, response } = await signup({ email: 'Ada@Example.com', password: 'correct horse', name: 'Ada', company: 'ACME' });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      company: 'ACME',
      tier: 'free',
      rate_limit: TIERS.free.rate_limit,
      is_active: true,
      has_password: true,
    });
    expect(data!.api_key).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data!.created_at)).not.toBeNaN();
    expect(response.headers.get('ratelimit')).toMatch(/r=\d+/);
  });

  it('accepts a sign-up without password, name or company (has_password false, nulls)', async () => {
    const { data, response } = await signup({ email: 'nopass@example.com' });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ has_password: false, name: null, company: null });
  });

  it('keeps no secret in plain text: bcrypt password, SHA-256 key hash, sealed key copy', async () => {
    const { data } = await signup({ email: 'secrets@example.com', password: 'p4ssword-long' });
    const { rows } = await app.db.pool.query('SELECT * FROM accounts WHERE id = $1', [data!.id]);
    const row = rows[0];
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(data!.api_key);
    expect(stored).not.toContain('p4ssword-long');
    expect(row.password_hash).toMatch(/^\$2[aby]\$04\$/); // bcrypt at the test cost (BCRYPT_ROUNDS=4)
    expect(Buffer.compare(row.api_key_hash, sha256(data!.api_key))).toBe(0);
    expect(decrypt(serverSecret(app.services.config), 'api-key', row.api_key_ciphertext)).toBe(data!.api_key);
    // The password hash is not of the raw password (it is pre-hashed so all 200 characters count).
    expect(await bcrypt.compare('p4ssword-long', row.password_hash)).toBe(false);
  });

  it('409 ACCOUNT_EXISTS for a registered e-mail, whatever its case and spacing', async () => {
    await signup({ email: 'dup@example.com', password: 'longenough' });
    const before = await rowCounts();
    for (const email of ['dup@example.com', 'DUP@example.COM']) {
      const { error, response } = await signup({ email, password: 'another-pass' });
      expect(response.status).toBe(409);
      expect(error).toEqual({ error: { code: 'ACCOUNT_EXISTS', message: expect.any(String) } });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('bad inputs answer 400 INVALID_PARAM in the envelope and change nothing', async () => {
    const before = await rowCounts();
    const cases: [unknown, RegExp][] = [
      [{ email: 'short@example.com', password: 'seven77' }, /^password must be at least 8 characters$/],
      [{ email: 'short@example.com', password: '' }, /password/],
      [{ email: 'not-an-email', password: 'longenough' }, /email/],
      [{ email: ' spaced @example.com', password: 'longenough' }, /email/],
      [{ password: 'longenough' }, /email/],
      [{ email: 'x@example.com', password: 'longenough', tier: 'pro' }, /tier|additional/],
      [{ email: 'x@example.com', password: 'p'.repeat(201) }, /password/],
    ];
    for (const [body, message] of cases) {
      const res = await fetch(`${app.url}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = await res.json();
      expect(Object.keys(json)).toEqual(['error']);
      expect(json.error.code).toBe('INVALID_PARAM');
      expect(json.error.message).toMatch(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('counts characters, not bytes: 8 multi-byte characters are enough', async () => {
    const { response } = await signup({ email: 'unicode@example.com', password: 'ééééøøøø' });
    expect(response.status).toBe(201);
    expect((await app.api.POST('/v1/auth/login', { body: { email: 'unicode@example.com', password: 'ééééøøøø' } })).response.status).toBe(200);
  });
});

describe('POST /v1/auth/login', () => {
  it('returns the account with its current key (decrypted from the sealed copy)', async () => {
    const { data: created } = await signup({ email: 'login@example.com', password: 'open sesame', name: 'L' });
    const { data, response } = await app.api.POST('/v1/auth/login', { body: { email: '  LOGIN@example.com'.trim(), password: 'open sesame' } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ ...created });
  });

  it('every character of a long password counts (no 72-byte bcrypt truncation)', async () => {
    const long = 'x'.repeat(100);
    await signup({ email: 'long@example.com', password: long });
    const wrongTail = 'x'.repeat(99) + 'y';
    expect((await app.api.POST('/v1/auth/login', { body: { email: 'long@example.com', password: wrongTail } })).response.status).toBe(401);
    expect((await app.api.POST('/v1/auth/login', { body: { email: 'long@example.com', password: long } })).response.status).toBe(200);
  });

  it('404 NOT_FOUND for an unknown e-mail, 401 UNAUTHORIZED for a wrong password or no password', async () => {
    await signup({ email: 'pw@example.com', password: 'right-password' });
    const unknown = await app.api.POST('/v1/auth/login', { body: { email: 'nobody@example.com', password: 'whatever1' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error!.error.code).toBe('NOT_FOUND');
    const wrong = await app.api.POST('/v1/auth/login', { body: { email: 'pw@example.com', password: 'wrong-password' } });
    expect(wrong.response.status).toBe(401);
    expect(wrong.error!.error.code).toBe('UNAUTHORIZED');
    const none = await app.api.POST('/v1/auth/login', { body: { email: 'nopass@example.com', password: 'anything1' } });
    expect(none.response.status).toBe(401);
    expect(none.error!.error.message).toMatch(/no password/);
  });

  it('401 for a deactivated account even with the right password', async () => {
    await signup({ email: 'inactive-login@example.com', password: 'right-password' });
    await app.db.pool.query(`UPDATE accounts SET is_active = false WHERE email = 'inactive-login@example.com'`);
    const res = await app.api.POST('/v1/auth/login', { body: { email: 'inactive-login@example.com', password: 'right-password' } });
    expect(res.response.status).toBe(401);
    expect(res.error!.error.code).toBe('UNAUTHORIZED');
  });
});

describe('GET /v1/auth/me', () => {
  it('returns the account (no key) and usage: requests today, watchlist size and cap', async () => {
    const { data: created } = await signup({ email: 'me@example.com', password: 'longenough' });
    const headers = { 'X-API-Key': created!.api_key };
    const first = await app.api.GET('/v1/auth/me', { headers });
    expect(first.response.status).toBe(200);
    const { api_key: _key, ...account } = created!;
    expect(first.data).toEqual({
      ...account,
      usage: { requests_today: 1, watchlist_size: 0, watchlist_cap: TIERS.free.watchlist_cap },
    });
    await app.api.GET('/v1/auth/me', { headers });
    const third = await app.api.GET('/v1/auth/me', { headers });
    expect(third.data!.usage.requests_today).toBe(3);
  });

  it('counts requests per UTC day of the injected clock', async () => {
    const { data: created } = await signup({ email: 'days@example.com', password: 'longenough' });
    const headers = { 'X-API-Key': created!.api_key };
    await app.api.GET('/v1/auth/me', { headers });
    await app.api.GET('/v1/auth/me', { headers });
    app.advance(24 * 3600 * 1000);
    const nextDay = await app.api.GET('/v1/auth/me', { headers });
    expect(nextDay.data!.usage.requests_today).toBe(1);
  });

  it('counts concurrent requests exactly, and writes them to account_daily_usage within the flush', async () => {
    const { data: created } = await signup({ email: 'busy@example.com', password: 'longenough' });
    const headers = { 'X-API-Key': created!.api_key };
    const answers = await Promise.all(Array.from({ length: 40 }, () => app.api.GET('/v1/watchlist', { headers })));
    expect(answers.every((a) => a.response.status === 200)).toBe(true);
    // A request whose key is rejected counts for nobody.
    await app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': created!.api_key.slice(0, -1) + 'x' } });
    await app.services.usage.flush();
    const stored = async () =>
      (await app.db.pool.query('SELECT sum(requests)::int AS n FROM account_daily_usage WHERE account_id = $1', [created!.id])).rows[0].n;
    expect(await stored()).toBe(40);
    const me = await app.api.GET('/v1/auth/me', { headers });
    expect(me.data!.usage.requests_today).toBe(41);
    expect(await stored()).toBe(41);
  });

  it('shows the tier of the account (pro cap and limit)', async () => {
    const { data: created } = await signup({ email: 'pro@example.com', password: 'longenough' });
    await app.db.pool.query('UPDATE accounts SET tier = $2, rate_limit = $3 WHERE id = $1', [
      created!.id,
      'pro',
      TIERS.pro.rate_limit,
    ]);
    const { data } = await app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': created!.api_key } });
    expect(data).toMatchObject({ tier: 'pro', rate_limit: 6000, usage: { watchlist_cap: 10000 } });
  });
});
