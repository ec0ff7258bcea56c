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

describe('FMCSA_SOURCE_URL and SOCRATA_APP_TOKEN', () => {
  const saved = { url: process.env.FMCSA_SOURCE_URL, token: process.env.SOCRATA_APP_TOKEN };
  afterEach(() => {
    for (const [name, value] of [['FMCSA_SOURCE_URL', saved.url], ['SOCRATA_APP_TOKEN', saved.token]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('default to the public portal and no token', () => {
    delete process.env.FMCSA_SOURCE_URL;
    delete process.env.SOCRATA_APP_TOKEN;
    expect(loadConfig()).toMatchObject({ fmcsaSourceUrl: 'https://data.transportation.gov', socrataAppToken: '' });
    process.env.SOCRATA_APP_TOKEN = '';
    expect(loadConfig().socrataAppToken).toBe('');
  });

  it('take a base URL without its trailing slash, and refuse one that is not http(s)', () => {
    process.env.FMCSA_SOURCE_URL = 'http://127.0.0.1:8080/';
    expect(loadConfig().fmcsaSourceUrl).toBe('http://127.0.0.1:8080');
    process.env.FMCSA_SOURCE_URL = 'data.transportation.gov';
    expect(() => loadConfig()).toThrow('FMCSA_SOURCE_URL must be an http(s) URL, got "data.transportation.gov"');
    process.env.FMCSA_SOURCE_URL = 'ftp://data.transportation.gov';
    expect(() => loadConfig()).toThrow('FMCSA_SOURCE_URL must be an http(s) URL');
  });

  it('refuse a token of only spaces (the portal answers 403 to a blank token)', () => {
    process.env.SOCRATA_APP_TOKEN = '   ';
    expect(() => loadConfig()).toThrow('SOCRATA_APP_TOKEN is blank; leave it unset or empty to send no token');
    process.env.SOCRATA_APP_TOKEN = ' abc123 \n';
    expect(loadConfig().socrataAppToken).toBe('abc123');
  });
});
