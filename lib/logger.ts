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
  serializers: {
    // pg attaches the connection (`client`: its settings and every statement it prepared) to the
    // errors its pool emits; logged whole, one lost connection is a line of many kilobytes.
    err: (err: Error) => {
      const { client: _client, ...rest } = pino.stdSerializers.err(err);
      return rest;
    },
  },
});

export type Logger = typeof logger;
