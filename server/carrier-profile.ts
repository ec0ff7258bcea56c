/**
 * The full carrier profile as GET /v1/carriers/{dot_number} answers it, read in one place for the
 * handler (which caches it) and for vetting receipts (server/receipts/), which must sign exactly
 * what the handler serves.
 */
import { statement, type Pool } from '../lib/postgres.ts';
import type { components } from '../generated/openapi.ts';
import { fullCarrier, type CarrierRow } from './carrier-view.ts';
import { tenureTag } from './contact-tenure.ts';
import { etagOf } from './etag.ts';
import { notFound } from './errors.ts';
import { carrierAsOf } from './point-in-time.ts';

type FullCarrier = components['schemas']['FullCarrier'];

/** The served row of `dot` (bare digits) with its run; 404 when no carrier has that number. */
export async function carrierRow(pool: Pool, dot: string): Promise<CarrierRow> {
  const { rows } = await pool.query<CarrierRow>(statement('api/carrier-by-dot', [dot]));
  if (!rows[0]) throw notFound(`No carrier with USDOT number ${dot}`);
  return rows[0];
}

/** The profile served now, with its ETag (by run; contact tenure adds what else moves it). */
export async function currentProfile(pool: Pool, dot: string): Promise<{ etag: string; body: FullCarrier }> {
  const row = await carrierRow(pool, dot);
  const body = fullCarrier(row);
  return { etag: etagOf('carrier', row.served_run_id!, row.dot_number, ...tenureTag(body.contact_tenure)), body };
}

/**
 * The profile GET /v1/carriers/{dot} answers: with `asOf`, the point-in-time answer (400 outside
 * the horizon, 404 when the carrier did not exist then; `now` is the server's clock).
 */
export async function servedProfile(pool: Pool, dot: string, asOf: string | undefined, now: Date): Promise<FullCarrier> {
  return asOf === undefined ? (await currentProfile(pool, dot)).body : carrierAsOf(pool, dot, asOf, now);
}
