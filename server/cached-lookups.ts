/**
 * Carrier-cache hits answered before request validation and routing: once the answer is in
 * memory, express-openapi-validator is a large part of what is left of a hit's server time
 * (docs/performance.md); everything else a lookup needs (security headers, access log, key check,
 * rate limit) has run by the time this middleware does.
 *
 * It only answers what the validator would let through unchanged: GET of a profile, safety or
 * insurance path in its plain form, a DOT number matching the contract's pattern, no query string,
 * and an If-None-Match within the contract's length; the pattern and the length are read from
 * openapi.yaml. Anything else, and every miss, goes on to the validator and the handler, which
 * fills the cache (server/handlers/carriers.ts).
 */
import type { Request, RequestHandler, Response } from 'express';
import { answeredNotModified } from './etag.ts';
import { cacheKey, type CachedAnswer, type CarrierCache } from './carrier-cache.ts';
import { bareNumber } from './handlers/carriers.ts';
import { spec } from './openapi.ts';

/** Writes a cached answer: 304 when the client has it, else its JSON. */
function sendCached(req: Request, res: Response, hit: CachedAnswer): void {
  if (answeredNotModified(req, res, hit.etag)) return;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(hit.body);
}

export function cachedLookups(cache: CarrierCache | undefined): RequestHandler {
  const dot = new RegExp(spec.components.schemas.DotNumber.pattern);
  const maxTag = spec.components.parameters.IfNoneMatch.schema.maxLength;
  const path = /^\/v1\/carriers\/([^/?]+)(\/safety|\/insurance)?$/;
  return (req, res, next) => {
    if (!cache || req.method !== 'GET') return next();
    const m = path.exec(req.url);
    if (!m || !dot.test(m[1])) return next();
    const tag = req.headers['if-none-match'];
    if (tag !== undefined && tag.length > maxTag) return next();
    const hit = cache.get(cacheKey(m[2] === '/safety' ? 'safety' : m[2] === '/insurance' ? 'insurance' : 'carrier', bareNumber(m[1])));
    if (!hit) return next();
    sendCached(req, res, hit);
  };
}
