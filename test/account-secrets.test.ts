/** lib/secrets.ts: the server secret (env or generated file), sealing, hashing, comparison, logs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../lib/logger.ts';
import { API_KEY_PATTERN, decrypt, encrypt, newApiKey, safeEqual, serverSecret, sha256 } from '../lib/secrets.ts';

describe('server secret', () => {
  it('is generated once into DATA_DIR/server-secret with mode 0600 and reused', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-secret-')), 'data');
    try {
      const first = serverSecret({ serverSecret: '', dataDir });
      expect(first).toHaveLength(32);
      const file = path.join(dataDir, 'server-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
      expect(serverSecret({ serverSecret: '', dataDir }).equals(first)).toBe(true);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('SERVER_SECRET wins when set and must be 64 hex characters', () => {
    const hex = 'a1'.repeat(32);
    expect(serverSecret({ serverSecret: hex, dataDir: '/nonexistent' }).toString('hex')).toBe(hex);
    expect(() => serverSecret({ serverSecret: 'too-short', dataDir: '/nonexistent' })).toThrow(/64 hex/);
  });
});

describe('sealing and hashing', () => {
  const secret = Buffer.alloc(32, 7);

  it('round-trips, with a fresh IV each time', () => {
    const a = encrypt(secret, 'api-key', 'cdk_hello');
    const b = encrypt(secret, 'api-key', 'cdk_hello');
    expect(a).not.toBe(b);
    expect(a).not.toContain('hello');
    expect(decrypt(secret, 'api-key', a)).toBe('cdk_hello');
  });

  it('refuses a tampered value, another purpose or another secret', () => {
    const sealed = encrypt(secret, 'api-key', 'cdk_hello');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3], 'base64url');
    data[0] ^= 1;
    const tampered = [...parts.slice(0, 3), data.toString('base64url')].join('.');
    expect(() => decrypt(secret, 'api-key', tampered)).toThrow();
    expect(() => decrypt(secret, 'mail-job', sealed)).toThrow();
    expect(() => decrypt(Buffer.alloc(32, 8), 'api-key', sealed)).toThrow();
    expect(() => decrypt(secret, 'api-key', 'garbage')).toThrow();
  });

  it('API keys: 32 random bytes behind a recognisable prefix; SHA-256 lookups; constant-time compare', () => {
    const key = newApiKey();
    expect(key).toMatch(API_KEY_PATTERN);
    expect(newApiKey()).not.toBe(key);
    expect(sha256(key)).toHaveLength(32);
    expect(safeEqual(sha256(key), sha256(key))).toBe(true);
    expect(safeEqual(sha256(key), sha256(newApiKey()))).toBe(false);
    expect(safeEqual('short', 'a much longer value')).toBe(false);
  });
});

describe('logs', () => {
  it('redact keys, passwords, tokens and secrets wherever our log calls put them', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, sink);
    log.info({ req: { headers: { 'x-api-key': 'cdk_secret1' } }, password: 'pw-secret2', body: { token: 'tok-secret3', api_key: 'cdk_secret4' } }, 'x');
    expect(lines.join('')).not.toMatch(/secret\d/);
  });
});
