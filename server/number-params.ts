/**
 * Numbers in the query string and the path, as the contract means them. The validator coerces
 * with Number(), which reads `0x10` as 16, `1e1` as 10 and ` 10` as 10: values a client did not
 * write as the number the handler would then use. So before it runs, an integer parameter must be
 * decimal digits (a leading minus allowed, for the range check to name), a number parameter
 * decimal notation, and either must be given once; otherwise 400 naming the parameter.
 *
 * Parameters whose contract says a malformed value falls back to a default (`x-clamp`: the
 * `limit` of risk-history and of the deliveries log) are not refused: `clamped` turns anything but
 * decimal digits, a repeated parameter included, into the default.
 */
import type { RequestHandler } from 'express';
import { badRequest } from './errors.ts';
import { findOperation, operations, rawPathParams } from './openapi.ts';
import type { OperationId } from './handlers/types.ts';

const INTEGER = /^-?[0-9]+$/;
const DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

function pathValue(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined; // malformed escapes: the validator answers for those
  }
}

export const strictNumbers: RequestHandler = (req, _res, next) => {
  const op = findOperation(req.method, req.path);
  if (!op) return next();
  const query = req.query as Record<string, unknown>;
  let path: Record<string, string> | undefined;
  for (const p of op.parameters) {
    const type = p.schema.type;
    if (type !== 'integer' && type !== 'number') continue;
    const value = p.in === 'query' ? query[p.name] : p.in === 'path' ? pathValue((path ??= rawPathParams(op, req.path))[p.name]) : undefined;
    if (value === undefined) continue;
    if (Array.isArray(value)) return next(badRequest(`${p.name} must be given once`));
    if (type === 'integer' && !INTEGER.test(String(value))) return next(badRequest(`${p.name} must be a whole number in decimal digits`));
    if (type === 'number' && !DECIMAL.test(String(value))) return next(badRequest(`${p.name} must be a number in decimal notation`));
  }
  next();
};

export interface Clamp {
  default: number;
  minimum: number;
  maximum: number;
}

/** The `x-clamp` of an operation's parameter in openapi.yaml. */
export function clampOf(operationId: OperationId, name: string): Clamp {
  const clamp = operations.find((o) => o.operationId === operationId)?.parameters.find((p) => p.name === name)?.schema['x-clamp'];
  if (!clamp) throw new Error(`openapi.yaml: ${operationId} has no x-clamp parameter ${name}`);
  return clamp;
}

/**
 * The applied value of an x-clamp parameter: decimal digits clamped to [minimum, maximum];
 * anything else (empty, `10.5`, ` 10`, `0x10`, repeated) is the default, never a 400.
 * @example clamped('500', { default: 50, minimum: 1, maximum: 200 }) // 200
 */
export function clamped(raw: unknown, clamp: Clamp): number {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !INTEGER.test(text)) return clamp.default;
  return Math.min(clamp.maximum, Math.max(clamp.minimum, Number(text)));
}
