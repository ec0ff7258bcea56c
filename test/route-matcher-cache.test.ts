import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import '../server/route-matcher-cache.ts';

const require = createRequire(import.meta.url);
const { pathToRegexp } = createRequire(require.resolve('express-openapi-validator'))('path-to-regexp') as {
  pathToRegexp: (path: unknown, options?: Record<string, unknown>) => { regexp: RegExp; keys: { name: string }[] };
};

describe('the validator’s route matchers', () => {
  it('are compiled once per route and options, and match as before', () => {
    const a = pathToRegexp('/v1/carriers/:dot_number', { sensitive: false, strict: false });
    expect(pathToRegexp('/v1/carriers/:dot_number', { sensitive: false, strict: false })).toBe(a);
    expect(pathToRegexp('/v1/carriers/:dot_number', { sensitive: true, strict: false })).not.toBe(a);
    expect(a.keys.map((k) => k.name)).toEqual(['dot_number']);
    expect(a.regexp.exec('/v1/carriers/123')?.[1]).toBe('123');
    // Shared between requests: no lastIndex state carried from one match to the next.
    expect(a.regexp.exec('/v1/carriers/123')?.[1]).toBe('123');
    expect(a.regexp.exec('/v1/carriers/1/safety')).toBeNull();
  });

  it('leaves non-string routes and function options to the original', () => {
    const encode = (s: string) => s;
    expect(pathToRegexp('/x/:y', { encodePath: encode })).not.toBe(pathToRegexp('/x/:y', { encodePath: encode }));
    expect(pathToRegexp(['/a', '/b'])).not.toBe(pathToRegexp(['/a', '/b']));
  });
});
