/**
 * Signed vetting receipts (beyond the spec; docs/receipts.md): the carrier's full profile exactly
 * as GET /v1/carriers/{dot_number} (with that `as_of`) serves it, the run it came from, who asked
 * and when, the SHA-256 of the profile's RFC 8785 form, and a compact JWS (EdDSA, Ed25519; `jose`)
 * whose payload is the RFC 8785 form of all of that. The JWS is stored and every later answer is
 * read back from its payload, so the receipt served is always the one that was signed.
 */
import crypto from 'node:crypto';
import { CompactSign, decodeProtectedHeader } from 'jose';
import { statement, type Pool } from '../../lib/postgres.ts';
import type { components } from '../../generated/openapi.ts';
import { servedProfile } from '../carrier-profile.ts';
import { CANONICALIZATION, canonicalJson, canonicalSha256 } from './canonical.ts';
import { currentSigningKey, RECEIPT_ALG } from './signing-keys.ts';

export type Receipt = components['schemas']['Receipt'];
/** What the JWS payload holds: the receipt less `key_id` (in the JWS header) and `jws`. */
type SignedClaims = Omit<Receipt, 'key_id' | 'jws'>;

export interface IssueRequest {
  accountId: number;
  /** Bare digits. */
  dot: string;
  asOf?: string;
  now: Date;
  secret: Buffer;
}

/**
 * Reads the profile, signs the receipt and stores it (one INSERT; receipts are append-only).
 * Throws the profile's own 400/404 for a bad `asOf` or an unknown DOT, before anything is stored.
 */
export async function issueReceipt(pool: Pool, req: IssueRequest): Promise<Receipt> {
  const profile = await servedProfile(pool, req.dot, req.asOf, req.now);
  const claims: SignedClaims = {
    id: crypto.randomUUID(),
    account_id: req.accountId,
    dot_number: profile.dot_number,
    as_of: req.asOf ?? null,
    etl_run_id: profile.etl_run_id,
    batch_ts: profile.data_as_of,
    issued_at: req.now.toISOString(),
    profile,
    profile_sha256: canonicalSha256(profile),
    canonicalization: CANONICALIZATION,
  };
  const key = await currentSigningKey(pool, req.secret, req.now);
  const jws = await new CompactSign(new TextEncoder().encode(canonicalJson(claims)))
    .setProtectedHeader({ alg: RECEIPT_ALG, kid: key.kid, typ: 'JOSE' })
    .sign(key.privateKey);
  await pool.query(
    statement('api/receipt-insert', [
      claims.id,
      claims.account_id,
      claims.dot_number,
      claims.as_of,
      claims.etl_run_id,
      claims.batch_ts,
      claims.issued_at,
      claims.profile_sha256,
      key.kid,
      jws,
    ]),
  );
  return receiptFromJws(jws);
}

/** The receipt a stored JWS holds: its payload, with the header's `kid` and the JWS itself. */
function receiptFromJws(jws: string): Receipt {
  const payload = JSON.parse(Buffer.from(jws.split('.')[1], 'base64url').toString('utf8')) as SignedClaims;
  const { kid } = decodeProtectedHeader(jws);
  return {
    id: payload.id,
    account_id: payload.account_id,
    dot_number: payload.dot_number,
    as_of: payload.as_of,
    etl_run_id: payload.etl_run_id,
    batch_ts: payload.batch_ts,
    issued_at: payload.issued_at,
    profile: payload.profile,
    profile_sha256: payload.profile_sha256,
    canonicalization: payload.canonicalization,
    key_id: kid!,
    jws,
  };
}

/** Account `accountId`'s receipt `id`, or undefined (unknown, or another account's). */
export async function findReceipt(pool: Pool, id: string, accountId: number): Promise<Receipt | undefined> {
  const { rows } = await pool.query<{ jws: string }>(statement('api/receipt-get', [id, accountId]));
  return rows[0] ? receiptFromJws(rows[0].jws) : undefined;
}
