/**
 * One error type and one middleware that renders every failure as `{error: {code, message}}`:
 * our own HttpErrors, validator errors, body-parser errors, Postgres errors, anything uncaught.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { components } from '../generated/openapi.ts';
import { requestLogger } from './access-log.ts';
import { plainMessage, type ValidatorFinding } from './validation-messages.ts';
import { allowedMethods } from './openapi.ts';

/** The 415 message, wherever the refusal comes from (server/json-body.ts or the validator). */
export const NOT_JSON_MESSAGE = 'Content-Type must be application/json';

/** Every code the contract lists (openapi.yaml, Error). */
export type ErrorCode = components['schemas']['Error']['error']['code'];

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, 'INVALID_PARAM', message);
export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const unauthorized = (message: string) => new HttpError(401, 'UNAUTHORIZED', message);

/** Status → code for errors raised by express-openapi-validator and body-parser. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'INVALID_PARAM',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The PostgreSQL error codes (SQLSTATE) the service tells apart, by PostgreSQL's own condition
 * names (its manual's "PostgreSQL Error Codes" appendix). Code compares an error's code with
 * these, never with a raw string.
 */
export const PG_ERROR = {
  connection_exception: '08000',
  connection_does_not_exist: '08003',
  connection_failure: '08006',
  string_data_right_truncation: '22001',
  numeric_value_out_of_range: '22003',
  invalid_datetime_format: '22007',
  datetime_field_overflow: '22008',
  character_not_in_repertoire: '22021',
  invalid_text_representation: '22P02',
  untranslatable_character: '22P05',
  too_many_connections: '53300',
  query_canceled: '57014',
  admin_shutdown: '57P01',
  crash_shutdown: '57P02',
  cannot_connect_now: '57P03',
} as const;

/** Postgres / network failures that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set<string>([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  PG_ERROR.admin_shutdown,
  PG_ERROR.crash_shutdown,
  PG_ERROR.cannot_connect_now,
  PG_ERROR.too_many_connections,
  PG_ERROR.connection_exception,
  PG_ERROR.connection_does_not_exist,
  PG_ERROR.connection_failure,
  PG_ERROR.query_canceled, // a statement timeout
]);

/**
 * Postgres data exceptions caused by what the client sent (a NUL byte in a string, a value out of
 * range for its column): the request is bad, not the server.
 */
const CLIENT_DATA_CODES: Record<string, string> = {
  [PG_ERROR.character_not_in_repertoire]: 'contains a character that is not allowed (e.g. a NUL byte)',
  [PG_ERROR.untranslatable_character]: 'contains a character that cannot be stored',
  [PG_ERROR.string_data_right_truncation]: 'is too long',
  [PG_ERROR.numeric_value_out_of_range]: 'is out of range',
  [PG_ERROR.invalid_text_representation]: 'is not a valid value',
  [PG_ERROR.invalid_datetime_format]: 'is not a valid date',
  [PG_ERROR.datetime_field_overflow]: 'is not a valid date',
};

interface ValidatorError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  message?: string;
  errors?: ValidatorFinding[];
}

const describeValidation = (err: ValidatorError): string => (err.errors?.length ? plainMessage(err.errors) : (err.message ?? 'Invalid request'));

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = (err ?? {}) as ValidatorError;
  if (e.code && UNAVAILABLE_CODES.has(e.code)) {
    return new HttpError(503, 'SERVICE_UNAVAILABLE', 'The database is temporarily unavailable; retry shortly');
  }
  if (e.message === 'Connection terminated unexpectedly' || /timeout exceeded when trying to connect/i.test(e.message ?? '')) {
    return new HttpError(503, 'SERVICE_UNAVAILABLE', 'The database is temporarily unavailable; retry shortly');
  }
  if (e.code && CLIENT_DATA_CODES[e.code]) return new HttpError(400, 'INVALID_PARAM', `A parameter ${CLIENT_DATA_CODES[e.code]}`);
  const status = e.status ?? e.statusCode;
  if (e.type === 'entity.parse.failed') return new HttpError(400, 'INVALID_PARAM', 'Malformed JSON in request body');
  if (e.type === 'entity.too.large') return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (status && CODE_BY_STATUS[status]) {
    const code = CODE_BY_STATUS[status];
    const message =
      status === 405 ? 'Method not allowed on this path' :
      status === 404 ? 'No such endpoint' :
      status === 415 ? NOT_JSON_MESSAGE :
      describeValidation(e);
    return new HttpError(status, code, message);
  }
  return new HttpError(500, 'INTERNAL_ERROR', 'Internal server error');
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const httpError = toHttpError(err);
  if (httpError.status === 500) requestLogger(res).error({ err }, 'request failed');
  else if (httpError.status === 503) requestLogger(res).warn({ err }, 'database unavailable');
  if (res.headersSent) return;
  // RFC 9110: a 405 names the methods the resource does answer.
  if (httpError.status === 405) res.setHeader('Allow', allowedMethods(req.path).join(', '));
  res.status(httpError.status).json({ error: { code: httpError.code, message: httpError.message } });
};

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, 'NOT_FOUND', `No such endpoint: ${req.method} ${req.path}`));
};
