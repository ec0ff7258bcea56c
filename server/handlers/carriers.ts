/** Carrier lookups: profile, safety, insurance, bulk by DOT and by MC. */
import { statement } from '../../lib/postgres.ts';
import { badRequest, notFound } from '../errors.ts';
import type { Request, Response } from 'express';
import { answeredNotModified, etagOf } from '../etag.ts';
import { cacheKey, type CarrierCache } from '../carrier-cache.ts';
import { coreCarrier, safetyRecord, timestamp, type CoreRow } from '../carrier-view.ts';
import { carrierRow, currentProfile } from '../carrier-profile.ts';
import { respondCarrierAsOf } from '../point-in-time.ts';
import { bulkByMcAnswer } from '../bulk-by-mc.ts';
import { bodyOf, pathOf, queryOf, type HandlerFactory, type JsonOf } from './types.ts';

/** DOT numbers arrive as digits (the contract checks); leading zeros do not make another carrier. */
export const bareNumber = (s: string) => s.replace(/^0+(?=\d)/, '');

/**
 * Reads and renders an answer (validated like any other on its way out) and keeps its bytes in the
 * carrier cache, from which server/cached-lookups.ts answers the next requests.
 */
async function cachedAnswer(
  req: Request,
  res: Response,
  cache: CarrierCache | undefined,
  key: string,
  read: () => Promise<{ etag: string; body: object }>,
): Promise<void> {
  const generation = cache?.generation() ?? 0;
  const { etag, body } = await read();
  if (answeredNotModified(req, res, etag)) return;
  const bytes = Buffer.from(JSON.stringify(body));
  cache?.set(key, generation, { etag, body: bytes });
  sendSerialized(res, bytes, () => body);
}

/**
 * Sends an answer already serialised: the bytes the carrier cache keeps, or bulk-by-MC's stored
 * core profiles (carrier_core_json) in their envelope, which parsing and stringifying again would
 * cost more than the query. An app that validates responses (tests) sends `body()` through
 * res.json instead, so the validator checks it against openapi.yaml like any other answer.
 */
function sendSerialized(res: Response, bytes: Buffer, body: () => unknown): void {
  if (res.app.locals.validateResponses) {
    res.json(body());
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(bytes);
}

export const carrierHandlers: HandlerFactory = ({ pool, clock, carrierCache }) => ({
  getCarrier: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'getCarrier').dot_number);
    const { as_of } = queryOf(req, 'getCarrier');
    if (as_of !== undefined) return respondCarrierAsOf(req, res, pool, dot, as_of, clock());
    await cachedAnswer(req, res, carrierCache, cacheKey('carrier', dot), () => currentProfile(pool, dot));
  },

  getCarrierSafety: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'getCarrierSafety').dot_number);
    await cachedAnswer(req, res, carrierCache, cacheKey('safety', dot), async () => {
      const row = await carrierRow(pool, dot);
      const body: JsonOf<'getCarrierSafety', 200> = safetyRecord(row);
      return { etag: etagOf('safety', row.served_run_id!, row.dot_number), body };
    });
  },

  getCarrierInsurance: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'getCarrierInsurance').dot_number);
    await cachedAnswer(req, res, carrierCache, cacheKey('insurance', dot), async () => {
      const row = (await pool.query(statement('api/carrier-insurance', [dot]))).rows[0];
      if (!row) throw notFound(`No carrier with USDOT number ${dot}`);
      const body: JsonOf<'getCarrierInsurance', 200> = {
        dot_number: row.dot_number,
        legal_name: row.legal_name,
        policies: row.policies.map((p: Record<string, unknown>) => ({
          ...p,
          effective_date: timestamp(p.effective_date as string),
          expiration_date: timestamp(p.expiration_date as string | null),
        })),
        etl_run_id: row.served_run_id,
        data_as_of: timestamp(row.data_as_of)!,
      };
      return { etag: etagOf('insurance', row.served_run_id, row.dot_number), body };
    });
  },

  bulkCarriers: async (req, res) => {
    const dots = [...new Set(bodyOf(req, 'bulkCarriers').dot_numbers.map(bareNumber))];
    const { rows } = await pool.query<CoreRow>(statement('api/carriers-by-dots', [dots]));
    const byDot = new Map(rows.map((r) => [r.dot_number, r]));
    // Answer in the order asked; unmatched DOTs are simply absent (DESIGN.md §4).
    const body: JsonOf<'bulkCarriers', 200> = dots.flatMap((d) => (byDot.has(d) ? [coreCarrier(byDot.get(d)!)] : []));
    res.json(body);
  },

  bulkCarriersByMc: async (req, res) => {
    const wanted = new Map<string, string>(); // bare number → the entry as sent (trimmed), in request order
    for (const raw of bodyOf(req, 'bulkCarriersByMc').mc_numbers) {
      const trimmed = raw.trim();
      if (trimmed === '') continue; // blank entries are ignored (spec)
      if (!/^\d+$/.test(trimmed)) throw badRequest(`mc_numbers: "${raw}" is not a bare MC number (digits only, no MC prefix)`);
      const bare = bareNumber(trimmed);
      if (!wanted.has(bare)) wanted.set(bare, trimmed);
    }
    const answer = await bulkByMcAnswer(pool, carrierCache, wanted);
    sendSerialized(res, answer, () => JSON.parse(answer.toString()));
  },
});
