/**
 * Secrets at rest: the server secret, AES-256-GCM for values we must read back (the API key copy
 * that login returns, queued e-mails), SHA-256 for values we only look up (API keys, reset
 * tokens), random tokens, and constant-time comparison.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

const SECRET_FILE = 'server-secret';
const cache = new Map<string, Buffer>();

/**
 * The 32-byte server secret: SERVER_SECRET (64 hex characters) when set, otherwise the one stored
 * in DATA_DIR/server-secret, generated on first use with mode 0600. Losing it makes the stored API
 * key copies unreadable (login then fails to return the key; regenerate-key still works).
 */
export function serverSecret(config: Pick<Config, 'serverSecret' | 'dataDir'>): Buffer {
  const cacheKey = config.serverSecret || `file:${config.dataDir}`;
  let secret = cache.get(cacheKey);
  if (!secret) {
    secret = config.serverSecret ? parseSecret(config.serverSecret, 'SERVER_SECRET') : secretFromFile(config.dataDir);
    cache.set(cacheKey, secret);
  }
  return secret;
}

function parseSecret(hex: string, where: string): Buffer {
  const text = hex.trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${where} must be 64 hex characters (32 bytes)`);
  return Buffer.from(text, 'hex');
}

function secretFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseSecret(fs.readFileSync(file, 'utf8'), file);
}

/** One key per purpose, derived from the server secret, so no two uses share a key. */
function subkey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `carrier-data:${purpose}`, 32));
}

const VERSION = 'v1';

/**
 * AES-256-GCM under a key derived from `secret` for `purpose`. Output: `v1.<iv>.<tag>.<data>`
 * (base64url). `decrypt` with another purpose or a tampered value throws.
 *
 * @example encrypt(serverSecret(config), 'api-key', key) → 'v1.Qm…'
 */
export function encrypt(secret: Buffer, purpose: string, plaintext: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', subkey(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function decrypt(secret: Buffer, purpose: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || data === undefined) throw new Error('Unknown ciphertext format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', subkey(secret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** SHA-256 of a key or token: what the database stores and looks up. */
export function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}

/** Compares without leaking, through timing, where the inputs differ (or their lengths: both are hashed first). */
export function safeEqual(a: Buffer | string, b: Buffer | string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** A random token of `bytes` bytes, base64url, optionally with a recognisable prefix. */
export function randomToken(bytes = 32, prefix = ''): string {
  return prefix + crypto.randomBytes(bytes).toString('base64url');
}

/** API keys: `cdk_` + 32 random bytes. The prefix lets secret scanners recognise leaked keys. */
const API_KEY_PREFIX = 'cdk_';
export const API_KEY_PATTERN = /^cdk_[A-Za-z0-9_-]{43}$/;
export const newApiKey = (): string => randomToken(32, API_KEY_PREFIX);
