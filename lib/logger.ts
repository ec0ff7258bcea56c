/** One pino logger for the whole code base. Secrets are redacted wherever they appear. */
import { pino } from 'pino';
import { config } from './config.ts';

/** Paths that may carry a secret: request headers, bodies and our own log fields. */
export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'token',
  'api_key',
  'secret',
  '*.password',
  '*.token',
  '*.api_key',
  '*.secret',
  'databaseUrl',
  'smtpUrl',
  'socrataAppToken',
];

export const logger = pino({
  level: config.logLevel,
  redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
});

export type Logger = typeof logger;
