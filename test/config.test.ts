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

describe('TRUST_PROXY', () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });

  it('trusts no proxy by default', () => {
    delete process.env.TRUST_PROXY;
    expect(loadConfig().trustProxy).toBe(false);
    process.env.TRUST_PROXY = 'false';
    expect(loadConfig().trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses, subnets and names', () => {
    process.env.TRUST_PROXY = '1';
    expect(loadConfig().trustProxy).toBe(1);
    process.env.TRUST_PROXY = 'loopback, 10.0.0.0/8 ,fd00::/8,192.0.2.7';
    expect(loadConfig().trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
  });

  it('refuses true (every peer) and entries that are no address', () => {
    process.env.TRUST_PROXY = 'true';
    expect(() => loadConfig()).toThrow(/TRUST_PROXY=true would let every client choose its own address/);
    for (const bad of ['proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/8', 'loopbak']) {
      process.env.TRUST_PROXY = bad;
      expect(() => loadConfig(), bad).toThrow(/TRUST_PROXY: .* is not an address/);
    }
  });
});

describe('CORS_ORIGINS', () => {
  const saved = process.env.CORS_ORIGINS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CORS_ORIGINS;
    else process.env.CORS_ORIGINS = saved;
  });

  it('allows any origin by default, or the origins listed', () => {
    delete process.env.CORS_ORIGINS;
    expect(loadConfig().corsOrigins).toBe('*');
    process.env.CORS_ORIGINS = 'https://app.example.com, http://localhost:5173';
    expect(loadConfig().corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('refuses entries that are not origins', () => {
    for (const bad of ['app.example.com', 'https://app.example.com/', 'https://app.example.com/path', 'https://a.example.com,*']) {
      process.env.CORS_ORIGINS = bad;
      expect(() => loadConfig(), bad).toThrow(/CORS_ORIGINS: .* is not an origin/);
    }
  });
});
