/**
 * Forgot/reset password against a real SMTP server: the mail arrives with a link, its token
 * resets the password once and replaces the API key, a used or expired token (injected clock) is
 * INVALID_TOKEN, and a token is checked before any bcrypt work is spent on the new password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_SECONDS } from '../server/handlers/account.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { startSmtp, tokenOf, type TestSmtp } from './helpers/smtp.ts';

let app: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  // The server's clock moves only by advance(): a token's hour is then exact, however long the
  // requests between its issue and its use take.
  app = await startApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://carriers.example.org/' }, clockAt: new Date() });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const login = (email: string, password: string) => app.api.POST('/v1/auth/login', { body: { email, password } });
const reset = (token: string, password: string) => app.api.POST('/v1/auth/reset-password', { body: { token, password } });

async function account(email: string) {
  const { data } = await app.api.POST('/v1/auth/signup', { body: { email, password: 'old-password' } });
  return data!;
}

async function requestReset(email: string) {
  const { data, response } = await app.api.POST('/v1/auth/forgot-password', { body: { email } });
  expect(response.status).toBe(200);
  expect(typeof data!.message).toBe('string');
  return smtp.nextMail();
}

async function tokenRows() {
  const { rows } = await app.db.pool.query('SELECT count(*) AS n, count(used_at) AS used FROM password_reset_tokens');
  return rows[0];
}

describe('forgot-password → e-mail → reset-password', () => {
  it('mails a link to PUBLIC_URL/reset-password?token=… whose token resets the password exactly once', async () => {
    const created = await account('reset@example.com');
    const mail = await requestReset('RESET@example.com');
    expect(mail.to).toEqual(['reset@example.com']);
    expect(mail.text).toMatch(/Subject: Reset your Carrier Data password/);
    expect(mail.text).toContain('https://carriers.example.org/reset-password?token=');
    const token = tokenOf(mail);

    // The token is stored hashed only.
    const { rows } = await app.db.pool.query('SELECT token_hash::text AS t FROM password_reset_tokens');
    expect(JSON.stringify(rows)).not.toContain(token);

    const ok = await reset(token, 'new-password');
    expect(ok.response.status).toBe(200);
    expect(typeof ok.data!.message).toBe('string');
    expect((await login('reset@example.com', 'old-password')).response.status).toBe(401);
    const after = await login('reset@example.com', 'new-password');
    expect(after.response.status).toBe(200);
    expect(after.data!.api_key).not.toBe(created.api_key); // a reset replaces the key
    expect(after.data!.has_password).toBe(true);

    const again = await reset(token, 'third-password');
    expect(again.response.status).toBe(400);
    expect(again.error).toEqual({ error: { code: 'INVALID_TOKEN', message: expect.any(String) } });
    expect((await login('reset@example.com', 'new-password')).response.status).toBe(200);
  });

  it('sets a first password on an account created without one', async () => {
    await app.api.POST('/v1/auth/signup', { body: { email: 'first@example.com' } });
    const token = tokenOf(await requestReset('first@example.com'));
    expect((await reset(token, 'first-password')).response.status).toBe(200);
    const { data } = await login('first@example.com', 'first-password');
    expect(data!.has_password).toBe(true);
  });

  it('answers the same 200 for an unknown e-mail, and sends nothing', async () => {
    await account('known@example.com');
    const known = await app.api.POST('/v1/auth/forgot-password', { body: { email: 'known@example.com' } });
    await smtp.nextMail();
    const before = smtp.received.length;
    const unknown = await app.api.POST('/v1/auth/forgot-password', { body: { email: 'nobody@example.com' } });
    expect(unknown.response.status).toBe(200);
    expect(unknown.data).toEqual(known.data);
    await app.services.mailer.idle(120_000);
    expect(smtp.received.length).toBe(before);
  });

  it('a token expires after 1 hour (clock injected, not slept)', async () => {
    await account('expiry-a@example.com');
    await account('expiry-b@example.com');
    const a = tokenOf(await requestReset('expiry-a@example.com'));
    const b = tokenOf(await requestReset('expiry-b@example.com'));
    app.advance((RESET_TOKEN_TTL_SECONDS - 60) * 1000); // 59 minutes: still valid
    expect((await reset(a, 'password-one')).response.status).toBe(200);
    app.advance(60 * 1000); // exactly 1 hour after issue: expired
    const expired = await reset(b, 'password-two');
    expect(expired.response.status).toBe(400);
    expect(expired.error!.error.code).toBe('INVALID_TOKEN');
    expect((await login('expiry-a@example.com', 'password-one')).response.status).toBe(200);
    expect((await login('expiry-b@example.com', 'old-password')).response.status).toBe(200);
  });

  it('a successful reset retires the account\'s other outstanding tokens', async () => {
    await account('retire@example.com');
    const first = tokenOf(await requestReset('retire@example.com'));
    const second = tokenOf(await requestReset('retire@example.com'));
    expect((await reset(second, 'newest-password')).response.status).toBe(200);
    expect((await reset(first, 'older-password')).error!.error.code).toBe('INVALID_TOKEN');
  });

  it('a short password is 400 INVALID_PARAM, checked first: the token stays usable and nothing changes', async () => {
    await account('short@example.com');
    const token = tokenOf(await requestReset('short@example.com'));
    const before = await tokenRows();
    const short = await reset(token, 'short');
    expect(short.response.status).toBe(400);
    expect(short.error).toEqual({ error: { code: 'INVALID_PARAM', message: 'password must be at least 8 characters' } });
    expect(await tokenRows()).toEqual(before);
    expect((await login('short@example.com', 'old-password')).response.status).toBe(200);
    expect((await reset(token, 'long-enough-now')).response.status).toBe(200);
  });

  it('unknown or malformed tokens are 400 INVALID_TOKEN and change nothing', async () => {
    const before = await tokenRows();
    for (const token of ['nope', 'A'.repeat(43), 'A'.repeat(200)]) {
      const res = await reset(token, 'long-enough');
      expect(res.response.status).toBe(400);
      expect(res.error!.error.code).toBe('INVALID_TOKEN');
    }
    expect(await tokenRows()).toEqual(before);
  });

  it('concurrent uses of one token: exactly one succeeds', async () => {
    await account('race@example.com');
    const token = tokenOf(await requestReset('race@example.com'));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => reset(token, `racing-password-${i}`)));
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.error?.error.code === 'INVALID_TOKEN')).toHaveLength(4);
  });
});

describe('a reset proves the e-mail: it replaces the API key', () => {
  it('pre-registration takeover: the key of a password-less sign-up stops working when the owner resets', async () => {
    // Someone signs up with the owner's address before the owner does, without a password.
    const squatter = await app.api.POST('/v1/auth/signup', { body: { email: 'owner@example.com' } });
    expect(squatter.response.status).toBe(201);
    const squatterKey = squatter.data!.api_key!;
    const me = (key: string) => app.api.GET('/v1/auth/me', { headers: { 'X-API-Key': key } });
    expect((await me(squatterKey)).response.status).toBe(200);

    // The owner proves the address through the reset link; the mail says the key is replaced.
    const mail = await requestReset('owner@example.com');
    expect(mail.text).toMatch(/also replaces your API key/);
    const done = await reset(tokenOf(mail), 'owners-password');
    expect(done.response.status).toBe(200);
    expect(done.data!.message).toMatch(/API key replaced/);

    const stale = await me(squatterKey);
    expect(stale.response.status).toBe(401);
    expect(stale.error!.error.code).toBe('UNAUTHORIZED');
    const watch = await app.api.GET('/v1/watchlist', { headers: { 'X-API-Key': squatterKey } });
    expect(watch.response.status).toBe(401);

    const owner = await login('owner@example.com', 'owners-password');
    expect(owner.response.status).toBe(200);
    expect(owner.data!.api_key).not.toBe(squatterKey);
    expect((await me(owner.data!.api_key!)).data!.email).toBe('owner@example.com');
  });

  it('a refused reset (short password, bad token) keeps the key', async () => {
    const { api_key } = await account('keeps@example.com');
    const token = tokenOf(await requestReset('keeps@example.com'));
    expect((await reset(token, 'short')).response.status).toBe(400);
    expect((await reset('B'.repeat(43), 'long-enough')).response.status).toBe(400);
    expect((await login('keeps@example.com', 'old-password')).data!.api_key).toBe(api_key);
  });
});

describe('the token is checked before the new password is hashed', () => {
  // bcrypt at cost 31 takes days: a request that starts a hash never answers. A reset with a bad
  // token must answer INVALID_TOKEN all the same, so no hash was started for it.
  let slow: TestApp;
  beforeAll(async () => {
    // Same database and clock as `app`, which issues and spends the tokens.
    slow = await startApp({ db: app.db, config: { bcryptRounds: 31 }, services: { clock: () => app.services.clock() } });
  });
  afterAll(async () => {
    await slow.close();
  });

  it('unknown, used and expired tokens answer INVALID_TOKEN without a bcrypt hash', async () => {
    await account('costly@example.com');
    const used = tokenOf(await requestReset('costly@example.com'));
    expect((await reset(used, 'spent-password')).response.status).toBe(200);
    const expiring = tokenOf(await requestReset('costly@example.com'));
    const before = await tokenRows();

    const slowReset = (token: string) => slow.api.POST('/v1/auth/reset-password', { body: { token, password: 'never-hashed' } });
    for (const token of ['C'.repeat(43), used]) {
      const res = await slowReset(token);
      expect(res.response.status, token).toBe(400);
      expect(res.error!.error.code).toBe('INVALID_TOKEN');
    }
    app.advance(RESET_TOKEN_TTL_SECONDS * 1000);
    const expired = await slowReset(expiring);
    expect(expired.error!.error.code).toBe('INVALID_TOKEN');
    expect(await tokenRows()).toEqual(before);
    expect((await login('costly@example.com', 'spent-password')).response.status).toBe(200);
  });
});
