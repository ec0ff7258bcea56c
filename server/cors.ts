/**
 * CORS, with the `cors` package: browser apps on other origins may call the API with an API key.
 * No credentials mode: the key is a header the page sets, never a cookie the browser adds, so
 * allowing any origin (the default, CORS_ORIGINS) lends no page anything it does not already hold.
 * Preflights are answered here, before the key check and the rate limits (they carry neither a
 * key nor a body); every answer, errors included, carries the headers so the page can read it.
 */
import cors from 'cors';
import type { RequestHandler } from 'express';
import type { Config } from '../lib/config.ts';

/** Response headers a page may read: the rate-limit state, Retry-After on 429, ETag. */
const EXPOSED = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'ETag'];

export function corsHeaders(config: Pick<Config, 'corsOrigins'>): RequestHandler {
  return cors({
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
    allowedHeaders: ['X-API-Key', 'Content-Type', 'If-None-Match'],
    exposedHeaders: EXPOSED,
    credentials: false,
    // Browsers cap it (Chromium at 2 hours); 10 minutes keeps a changed policy from lingering.
    maxAge: 600,
    optionsSuccessStatus: 204,
  });
}
