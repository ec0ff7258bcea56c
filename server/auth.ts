/**
 * API-key authentication, driven by the key use openapi.yaml declares for each operation:
 * - required: no key, an unknown key or the key of an inactive account → 401 UNAUTHORIZED;
 * - optional: no key → anonymous; a key that does not authenticate → 401 (never downgraded);
 * - none (signup, login, health, meta, …): any key is ignored.
 *
 * Two steps so that rejected requests still count against the per-IP limit: `authenticate` looks
 * the key up and records the outcome, the rate limiter runs, then `requireValidKey` rejects.
 * Keys are looked up by SHA-256 hash on every request, with no cache, so a regenerated key stops
 * working the moment the UPDATE that replaced its hash commits.
 */
import type { RequestHandler, Response } from 'express';
import { statement } from '../lib/postgres.ts';
import { API_KEY_PATTERN, safeEqual, sha256 } from '../lib/secrets.ts';
import type { Tier } from '../lib/domain.ts';
import { HttpError, unauthorized } from './errors.ts';
import { findOperation } from './openapi.ts';
import type { Services } from './services.ts';

export const API_KEY_HEADER = 'x-api-key';

/** The authenticated account, as handlers see it on res.locals.account. */
export interface Account {
  id: number;
  email: string;
  name: string | null;
  company: string | null;
  tier: Tier;
  rate_limit: number;
  is_active: boolean;
  has_password: boolean;
  created_at: Date;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by `authenticate` when the request carries a valid key (and the operation uses keys). */
      account?: Account;
      /** Why the key was rejected; `requireValidKey` turns it into the 401. */
      authError?: HttpError;
    }
  }
}

/** The account of a request on a key-required operation (the middleware guarantees it). */
export function accountOf(res: Response): Account {
  const account = res.locals.account;
  if (!account) throw unauthorized('An API key is required (X-API-Key header)');
  return account;
}

/** The UTC calendar day of `now`, as the date the usage counters are kept by. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

export function authenticate({ pool, clock, usage }: Services): RequestHandler {
  return async (req, res, next) => {
    const op = findOperation(req.method, req.path);
    if (!op || op.keyUse === 'none') return next();
    const key = req.get(API_KEY_HEADER);
    if (key === undefined) {
      if (op.keyUse === 'required') res.locals.authError = unauthorized('An API key is required (X-API-Key header)');
      return next();
    }
    // A malformed key cannot match: answer without a database round trip.
    if (!API_KEY_PATTERN.test(key)) {
      res.locals.authError = unauthorized('Invalid API key');
      return next();
    }
    const hash = sha256(key);
    const { rows } = await pool.query(statement('api/account-authenticate', [hash]));
    const row = rows[0] as (Account & { api_key_hash: Buffer }) | undefined;
    if (!row || !safeEqual(row.api_key_hash, hash)) {
      res.locals.authError = unauthorized('Invalid API key');
      return next();
    }
    const { api_key_hash: _hash, ...account } = row;
    res.locals.account = account;
    usage.count(account.id, utcDay(clock()));
    next();
  };
}

/** Rejects what `authenticate` found wanting (after the rate limiter has counted the request). */
export const requireValidKey: RequestHandler = (_req, res, next) => {
  next(res.locals.authError);
};
