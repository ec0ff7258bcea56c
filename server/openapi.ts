/**
 * The contract, read once from openapi.yaml: every operation with its path, method and the kind
 * of key it takes. Routing, authentication and rate limiting are all driven by this list.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ROOT } from '../lib/config.ts';

export const OPENAPI_PATH = path.join(ROOT, 'openapi.yaml');

type KeyUse = 'none' | 'optional' | 'required';

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI template, e.g. /v1/carriers/{dot_number} */
  path: string;
  /** express form, e.g. /v1/carriers/:dot_number */
  expressPath: string;
  keyUse: KeyUse;
  /** Matches the request path; one capture group per path parameter, in `pathNames` order. */
  pattern: RegExp;
  pathNames: string[];
  /** Query and path parameters, $refs resolved. */
  parameters: Parameter[];
  /** The operation takes a JSON body … */
  takesJson: boolean;
  /** … and cannot do without one. */
  bodyRequired: boolean;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  schema: { type?: string; 'x-clamp'?: { default: number; minimum: number; maximum: number } };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface SpecOperation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
}

export const spec = YAML.parse(fs.readFileSync(OPENAPI_PATH, 'utf8')) as {
  info: { version: string };
  paths: Record<string, Partial<Record<(typeof METHODS)[number], SpecOperation>>>;
  security?: Record<string, string[]>[];
  components: {
    schemas: { DotNumber: { pattern: string } };
    parameters: { IfNoneMatch: { schema: { maxLength: number } } } & Record<string, Parameter>;
  };
};

const resolve = (p: Parameter | { $ref: string }): Parameter =>
  '$ref' in p ? spec.components.parameters[p.$ref.replace('#/components/parameters/', '')] : p;

function keyUse(security: Record<string, string[]>[] | undefined): KeyUse {
  const s = security ?? spec.security ?? [];
  if (s.length === 0) return 'none';
  return s.some((req) => Object.keys(req).length === 0) ? 'optional' : 'required';
}

/** Static segments before parameters, so /v1/carriers/search wins over /v1/carriers/{dot_number}. */
function specificity(p: string): string {
  return p
    .split('/')
    .map((seg) => (seg.startsWith('{') ? '~' : `!${seg}`))
    .join('/');
}

export const operations: Operation[] = Object.entries(spec.paths)
  .sort(([a], [b]) => specificity(a).localeCompare(specificity(b)))
  .flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const op = item[m]!;
      return {
        operationId: op.operationId,
        method: m,
        path: p,
        expressPath: p.replace(/\{([^}]+)\}/g, ':$1'),
        keyUse: keyUse(op.security),
        pattern: new RegExp(`^${p.replace(/\{[^}]+\}/g, '([^/]+)')}/?$`),
        pathNames: [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        parameters: (op.parameters ?? []).map(resolve),
        takesJson: Boolean(op.requestBody?.content?.['application/json']),
        bodyRequired: Boolean(op.requestBody?.required),
      };
    }),
  );

/** The operation a request addresses, or undefined (unknown path or method). */
export function findOperation(method: string, urlPath: string): Operation | undefined {
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  return operations.find((op) => op.method === m && op.pattern.test(urlPath));
}

/** The raw (still percent-encoded) path parameters of `urlPath`, which `op` matches. */
export function rawPathParams(op: Operation, urlPath: string): Record<string, string> {
  const m = op.pattern.exec(urlPath);
  return Object.fromEntries(op.pathNames.map((name, i) => [name, m?.[i + 1] ?? '']));
}

/**
 * The methods a path answers, for the `Allow` header of a 405: those of its most specific
 * template (`/v1/watchlist/check`, not `/v1/watchlist/{dot_number}`), HEAD with GET, and OPTIONS,
 * which the CORS middleware answers everywhere. Empty when no operation has this path.
 */
export function allowedMethods(urlPath: string): string[] {
  const template = operations.find((op) => op.pattern.test(urlPath))?.path;
  if (template === undefined) return [];
  const methods = operations.filter((op) => op.path === template).flatMap((op) => (op.method === 'get' ? ['GET', 'HEAD'] : [op.method.toUpperCase()]));
  return [...methods, 'OPTIONS'];
}
