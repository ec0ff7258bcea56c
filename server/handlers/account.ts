/**
 * Account endpoints: signup, login, forgot/reset password, me, regenerate-key.
 *
 * Passwords: bcrypt (config.bcryptRounds) over base64(SHA-256(password)), because bcrypt reads at
 * most 72 bytes and the contract accepts 200 characters; base64 keeps NUL bytes out of it.
 * API keys: stored as a SHA-256 hash (the lookup) and an AES-256-GCM copy (login returns it).
 * Reset tokens: 32 random bytes, stored as a SHA-256 hash, single use, valid one hour. A reset
 * replaces the API key (the reset proves the e-mail; a sign-up, which needs no password, does not).
 */
import crypto from 'node:crypto';
import bcrypt from 'bcrypt';
import { statement } from '../../lib/postgres.ts';
import { TIERS, type Tier } from '../../lib/domain.ts';
import { resetPasswordMail } from '../../lib/mail/messages.ts';
import { decrypt, encrypt, newApiKey, randomToken, serverSecret, sha256 } from '../../lib/secrets.ts';
import { accountOf, API_KEY_HEADER, utcDay, type Account } from '../auth.ts';
import { requestLogger } from '../access-log.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../errors.ts';
import type { Services } from '../services.ts';
import { bodyOf, type HandlerFactory, type JsonOf } from './types.ts';

const MIN_PASSWORD = 8;
export const RESET_TOKEN_TTL_SECONDS = 3600;
const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const API_KEY_PURPOSE = 'api-key';

/** E-mails are compared and stored trimmed and in lower case. */
const normaliseEmail = (email: string): string => email.trim().toLowerCase();

function checkPassword(password: string): void {
  // Characters, as the contract counts them (code points, not UTF-16 units).
  if ([...password].length < MIN_PASSWORD) throw badRequest(`password must be at least ${MIN_PASSWORD} characters`);
}

const prehash = (password: string): string => crypto.createHash('sha256').update(password, 'utf8').digest('base64');
const hashPassword = (password: string, rounds: number) => bcrypt.hash(prehash(password), rounds);
const passwordMatches = (password: string, hash: string) => bcrypt.compare(prehash(password), hash);

type AccountJson = Omit<JsonOf<'getMe', 200>, 'usage'>;

/** The contract's Account fields of a row (the row may carry more, secrets included). */
function present(row: Account): AccountJson {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    tier: row.tier,
    rate_limit: row.rate_limit,
    is_active: row.is_active,
    has_password: row.has_password,
    created_at: row.created_at.toISOString(),
  };
}

function sealKey(services: Services, key: string) {
  return encrypt(serverSecret(services.config), API_KEY_PURPOSE, key);
}

export const accountHandlers: HandlerFactory = (services) => {
  const { pool, config, clock, mailer } = services;

  return {
    signup: async (req, res) => {
      const body = bodyOf(req, 'signup');
      if (body.password !== undefined) checkPassword(body.password);
      const passwordHash = body.password === undefined ? null : await hashPassword(body.password, config.bcryptRounds);
      const key = newApiKey();
      const tier: Tier = 'free';
      const { rows } = await pool.query(statement('api/account-insert', [
        normaliseEmail(body.email),
        body.name ?? null,
        body.company ?? null,
        passwordHash,
        tier,
        TIERS[tier].rate_limit,
        sha256(key),
        sealKey(services, key),
        clock(),
      ]));
      if (!rows[0]) throw new HttpError(409, 'ACCOUNT_EXISTS', 'An account with this e-mail already exists');
      const answer: JsonOf<'signup', 201> = { ...present(rows[0]), api_key: key };
      res.status(201).json(answer);
    },

    login: async (req, res) => {
      const body = bodyOf(req, 'login');
      const { rows } = await pool.query(statement('api/account-by-email', [normaliseEmail(body.email)]));
      const row = rows[0] as (Account & { password_hash: string | null; api_key_ciphertext: string }) | undefined;
      if (!row) throw notFound('No account with this e-mail');
      if (!row.password_hash) throw unauthorized('This account has no password yet: set one with forgot-password');
      if (!(await passwordMatches(body.password, row.password_hash))) throw unauthorized('Wrong password');
      if (!row.is_active) throw unauthorized('This account is deactivated');
      let key: string;
      try {
        key = decrypt(serverSecret(config), API_KEY_PURPOSE, row.api_key_ciphertext);
      } catch (err) {
        // Only a changed SERVER_SECRET (or a lost DATA_DIR/server-secret) gets here.
        requestLogger(res).error({ err, account_id: row.id }, 'stored API key cannot be decrypted: was the server secret changed?');
        throw new HttpError(500, 'INTERNAL_ERROR', 'Internal server error');
      }
      const answer: JsonOf<'login', 200> = { ...present(row), api_key: key };
      res.json(answer);
    },

    forgotPassword: async (req, res) => {
      const body = bodyOf(req, 'forgotPassword');
      const token = randomToken(32);
      const { rows } = await pool.query(statement('api/account-reset-token-insert', [
        normaliseEmail(body.email),
        sha256(token),
        clock(),
        RESET_TOKEN_TTL_SECONDS,
      ]));
      if (rows[0]) {
        const link = `${config.publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
        // In the background: the answer must not depend on (or wait for) the mail server.
        mailer.send(resetPasswordMail(rows[0].email, link, RESET_TOKEN_TTL_SECONDS / 60));
      }
      const answer: JsonOf<'forgotPassword', 200> = {
        message: 'If an account exists for this e-mail, a password-reset link has been sent to it; it is valid for 1 hour.',
      };
      res.json(answer);
    },

    resetPassword: async (req, res) => {
      const body = bodyOf(req, 'resetPassword');
      checkPassword(body.password);
      const invalid = new HttpError(400, 'INVALID_TOKEN', 'The reset token is invalid, already used or expired');
      if (!RESET_TOKEN_PATTERN.test(body.token)) throw invalid;
      const tokenHash = sha256(body.token);
      // The token before the hash: a bcrypt hash is the costliest thing an anonymous caller can
      // make us do, and guessed tokens must not buy one each.
      const { rows: usable } = await pool.query(statement('api/account-reset-token-check', [tokenHash, clock()]));
      if (!usable[0]) throw invalid;
      const passwordHash = await hashPassword(body.password, config.bcryptRounds);
      // A reset proves the e-mail; a sign-up does not. The key issued before (possibly to someone
      // who signed up with this address) is replaced; the next login returns the new one.
      const key = newApiKey();
      const { rows } = await pool.query(statement('api/account-reset-password', [
        tokenHash,
        passwordHash,
        clock(),
        sha256(key),
        sealKey(services, key),
      ]));
      if (!rows[0]) throw invalid;
      const answer: JsonOf<'resetPassword', 200> = {
        message: 'Your password has been set and your API key replaced: the old key no longer works; log in to get the new one.',
      };
      res.json(answer);
    },

    getMe: async (_req, res) => {
      const account = accountOf(res);
      await services.usage.flush();
      const { rows } = await pool.query(statement('api/account-usage', [account.id, utcDay(clock())]));
      const answer: JsonOf<'getMe', 200> = {
        ...present(account),
        usage: {
          requests_today: rows[0].requests_today,
          watchlist_size: rows[0].watchlist_size,
          watchlist_cap: TIERS[account.tier].watchlist_cap,
        },
      };
      res.json(answer);
    },

    regenerateKey: async (req, res) => {
      const account = accountOf(res);
      const key = newApiKey();
      const { rows } = await pool.query(statement('api/account-regenerate-key', [
        account.id,
        sha256(req.get(API_KEY_HEADER)!),
        sha256(key),
        sealKey(services, key),
        clock(),
      ]));
      // The key was replaced by a concurrent regeneration since this request was authenticated.
      if (!rows[0]) throw unauthorized('Invalid API key');
      const answer: JsonOf<'regenerateKey', 200> = { api_key: key };
      res.json(answer);
    },
  };
};
