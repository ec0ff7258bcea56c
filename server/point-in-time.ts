/**
 * Point-in-time lookup (GET /v1/carriers/{dot}?as_of=DATE): the carrier as the newest run on or
 * before that day served it, read from carrier_history (pipeline/load-plan/history.ts). Every field
 * of the profile comes from that version; `risk_score` is omitted and `related_companies` is
 * empty (neither is kept in history).
 *
 * The horizon is meta's `etl_changes_horizon`: the oldest run still in the change feed.
 */
import type { Request, Response } from 'express';
import { statement, type Pool } from '../lib/postgres.ts';
import type { components } from '../generated/openapi.ts';
import { fullCarrier, type CarrierRow } from './carrier-view.ts';
import { badRequest, notFound } from './errors.ts';
import { notModified } from './etag.ts';
import { tenureTag } from './contact-tenure.ts';

type AsOfRow = Partial<CarrierRow> & { horizon: Date | null; served_run_id: number | null; data_as_of: Date | null };

const utcDate = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * The profile of `dot` (bare digits) as of UTC day `asOf` ('YYYY-MM-DD'); `now` is the server's
 * clock. 400 outside [horizon, today (UTC)]; 404 when the carrier did not exist that day.
 *
 * @example
 *   const body = await carrierAsOf(pool, '1234567', '2026-03-01', new Date());
 *   body.as_of === '2026-03-01'; body.risk_score === undefined;
 */
export async function carrierAsOf(
  pool: Pool,
  dot: string,
  asOf: string,
  now: Date,
): Promise<components['schemas']['FullCarrier'] & { as_of: string }> {
  const today = utcDate(now);
  // The contract's `format: date` checks the shape only; 2026-02-30 must not reach PostgreSQL.
  if (Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)) || utcDate(new Date(`${asOf}T00:00:00Z`)) !== asOf) {
    throw badRequest(`as_of: ${asOf} is not a calendar date (YYYY-MM-DD)`);
  }
  const { rows } = await pool.query<AsOfRow>(statement('api/carrier-as-of', [dot, asOf]));
  const row = rows[0];
  const horizon = row.horizon ? utcDate(row.horizon) : null;
  if (!horizon) throw badRequest(`as_of: no ETL run is within the change-feed retention yet, so there is no data horizon`);
  if (asOf > today) {
    throw badRequest(`as_of ${asOf} is in the future; point-in-time data covers ${horizon} (the data horizon) to ${today}`);
  }
  if (asOf < horizon || row.served_run_id === null) {
    throw badRequest(`as_of ${asOf} is before the data horizon ${horizon}; point-in-time data covers ${horizon} to ${today}`);
  }
  if (!row.dot_number) throw notFound(`No carrier with USDOT number ${dot} on ${asOf}`);
  return { ...fullCarrier(row as CarrierRow), as_of: asOf };
}

/** The getCarrier answer when `as_of` is present (ETag by the run read, the DOT and the date). */
export async function respondCarrierAsOf(req: Request, res: Response, pool: Pool, dot: string, asOf: string, now: Date) {
  const body = await carrierAsOf(pool, dot, asOf, now);
  if (notModified(req, res, 'carrier-as-of', body.etl_run_id, body.dot_number, asOf, ...tenureTag(body.contact_tenure))) return;
  res.json(body);
}

export interface PolicyAsOf {
  policy_type: string;
  type_description: string;
  insurer_name: string;
  policy_number: string;
  coverage_amount: number;
  effective_date: string | null;
  expiration_date: string | null;
  form_code: string;
  source: 'legacy' | 'motus';
}

/**
 * The policies of `dot` on file in the run serving `asOf` and in force that day (effective on or
 * before it, not cancelled by then). Not served by an endpoint yet; the history keeps them so a
 * point-in-time insurance answer can be added without a backfill.
 */
export async function policiesAsOf(pool: Pool, dot: string, asOf: string): Promise<PolicyAsOf[]> {
  const { rows } = await pool.query<PolicyAsOf>(statement('api/carrier-as-of-policies', [dot, asOf]));
  return rows;
}
