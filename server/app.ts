/**
 * The express app: security headers, request logs, the contract (docs, raw YAML, validation),
 * one route per operation of openapi.yaml, and one error renderer.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import express, { type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import './route-matcher-cache.ts';
import { badRequest, errorHandler, HttpError, notFoundHandler } from './errors.ts';
import { OPENAPI_PATH, operations } from './openapi.ts';
import type { Services } from './services.ts';
import { accessLog } from './access-log.ts';
import { securityHeaders } from './security-headers.ts';
import { corsHeaders } from './cors.ts';
import { cachedLookups } from './cached-lookups.ts';
import { authenticate, requireValidKey } from './auth.ts';
import { createRateLimiter } from './rate-limit.ts';
import { jsonBody } from './json-body.ts';
import { strictNumbers } from './number-params.ts';
import { handlers as allHandlers } from './handlers/index.ts';
import type { HandlerMap } from './handlers/types.ts';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const docsDir = path.join(import.meta.dirname, 'docs');
const resetPageDir = path.join(import.meta.dirname, 'reset-password');

export interface AppOptions {
  /** Validate every response body against openapi.yaml (tests turn this on). */
  validateResponses?: boolean;
  /** Replaces the handler table (tests use an empty one to see the 501 fallback). */
  handlers?: HandlerMap;
}

/**
 * '1e309' passes the validator's integer/number check as Infinity (JSON.parse and the query
 * coercion both overflow to it); no handler can use such a value, so reject it in one place.
 */
const rejectNonFiniteNumbers: RequestHandler = (req, _res, next) => {
  const sources = { query: req.query as Record<string, unknown>, body: (req.body ?? {}) as Record<string, unknown> };
  for (const [where, values] of Object.entries(sources)) {
    if (typeof values !== 'object' || values === null) continue;
    for (const [name, v] of Object.entries(values)) {
      if (typeof v === 'number' && !Number.isFinite(v)) return next(badRequest(`${where}.${name} must be a finite number`));
    }
  }
  next();
};

const notImplemented: RequestHandler = (req) => {
  throw new HttpError(501, 'NOT_IMPLEMENTED', `${req.method} ${req.route?.path ?? req.path} is not implemented yet`);
};

export function createApp(services: Services, options: AppOptions = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Whose X-Forwarded-For sets req.ip, which the per-IP rate limits key on: TRUST_PROXY, none by default.
  app.set('trust proxy', services.config.trustProxy);
  app.set('etag', false);
  // Handlers that send answers already serialised give the validator the object then (handlers/carriers.ts).
  app.locals.validateResponses = Boolean(options.validateResponses);

  app.use(securityHeaders());
  app.use(accessLog());
  app.use(corsHeaders(services.config));

  app.get('/', (_req, res) => res.redirect(302, '/docs'));
  app.get('/openapi.yaml', (_req, res) => res.type('application/yaml').sendFile(OPENAPI_PATH));
  app.get(['/docs', '/docs/'], (_req, res) => res.sendFile(path.join(docsDir, 'index.html')));
  app.get('/docs/init.js', (_req, res) => res.sendFile(path.join(docsDir, 'init.js')));
  app.use('/docs/assets', express.static(swaggerUiDir, { index: false }));
  // The page the password-reset e-mail links to (PUBLIC_URL/reset-password?token=…).
  app.get('/reset-password', (_req, res) => res.sendFile(path.join(resetPageDir, 'index.html')));
  app.use('/reset-password', express.static(resetPageDir, { index: false }));

  // Before the body is read and validated, so 401 and 429 come before 400, 413 and 415, and a
  // malformed body counts against the limits like any request. The rate limiter counts a request
  // before its key is rejected, so rejected keys spend the caller's per-IP allowance.
  app.use(authenticate(services), createRateLimiter(services), requireValidKey);
  app.use(cachedLookups(services.carrierCache));
  app.use(jsonBody(services.config.bodyLimit));
  app.use(strictNumbers);

  app.use(
    OpenApiValidator.middleware({
      apiSpec: OPENAPI_PATH,
      validateRequests: { allErrors: true },
      validateResponses: options.validateResponses ? { allErrors: true } : false,
      validateSecurity: false,
      ignoreUndocumented: false,
      // The JWKS is in the contract too (outside /v1 by convention: RFC 8615 well-known URI).
      ignorePaths: (p: string) => !p.startsWith('/v1/') && p !== '/.well-known/jwks.json',
    }),
  );
  app.use(rejectNonFiniteNumbers);

  const handlers = options.handlers ?? allHandlers(services);
  const router = express.Router();
  for (const op of operations) {
    const handler = (handlers as Record<string, RequestHandler | undefined>)[op.operationId] ?? notImplemented;
    (router as unknown as Record<string, (p: string, h: RequestHandler) => void>)[op.method](op.expressPath, handler);
  }
  app.use(router);

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
