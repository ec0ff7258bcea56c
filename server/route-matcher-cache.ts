/**
 * express-openapi-validator 5.6.2 finds the operation of each request by compiling the
 * path-to-regexp matcher of every route it scans, on every request (openapi.metadata.js
 * lookupRoute), a cost every request pays for nothing. Upstream's fix
 * (cdimascio/express-openapi-validator#1217, "perf: cache route matchers") is not released, so
 * until it is, the `pathToRegexp` it calls through the shared path-to-regexp module is memoised
 * here: same route and options, same compiled result. Its RegExp carries no global or sticky
 * flag, so sharing one between requests is safe. Express's own router compiles its routes once
 * and does not go through this export.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The copy the validator resolves (it has no nested one of its own).
const validatorDir = require.resolve('express-openapi-validator');
const pathToRegexpModule = createRequire(validatorDir)('path-to-regexp') as {
  pathToRegexp: (path: unknown, options?: Record<string, unknown>) => unknown;
};

const compile = pathToRegexpModule.pathToRegexp;
const cache = new Map<string, unknown>();

/**
 * Compiled once per route text and options; options holding functions or objects are not cached.
 * Called for every route the validator scans on every request, so the key is built by hand
 * (without JSON.stringify).
 */
function memoised(path: unknown, options: Record<string, unknown> = {}): unknown {
  if (typeof path !== 'string') return compile(path, options);
  let key = path;
  for (const name in options) {
    const v = options[name];
    if (typeof v === 'function' || (typeof v === 'object' && v !== null)) return compile(path, options);
    key += `\0${name}=${String(v)}`;
  }
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compile(path, options);
    cache.set(key, compiled);
  }
  return compiled;
}

if (compile.name !== 'memoised') pathToRegexpModule.pathToRegexp = memoised;
