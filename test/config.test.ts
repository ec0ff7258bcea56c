/** Settings read from the environment: defaults, overrides and rejected values (lib/config.ts). */
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config.ts';

describe('DB_POOL_SIZE', () => {
  const saved = process.env.DB_POOL_SIZE;
  afterEach(() => {
    if (saved === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = saved;
  });

  it('defaults to two connections per core plus one, at most 20', () => {
    delete process.env.DB_POOL_SIZE;
    const cores = os.availableParallelism();
    expect(loadConfig().dbPoolSize).toBe(Math.min(20, 2 * cores + 1));
  });

  it('takes a value given, and refuses one that is not a whole number', () => {
    process.env.DB_POOL_SIZE = '7';
    expect(loadConfig().dbPoolSize).toBe(7);
    process.env.DB_POOL_SIZE = '0';
    expect(loadConfig().dbPoolSize).toBe(1);
    process.env.DB_POOL_SIZE = 'many';
    expect(() => loadConfig()).toThrow('DB_POOL_SIZE must be an integer, got "many"');
  });
});
