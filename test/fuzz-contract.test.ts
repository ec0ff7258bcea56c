/**
 * Schema-driven fuzzing of every operation in openapi.yaml: invalid and boundary values for each
 * path/query parameter and body field, malformed JSON, wrong content types, huge strings and
 * arrays, unicode, SQL and LIKE metacharacters. Every answer must be a 4xx in the envelope or a
 * 2xx/304 that matches the contract (the test app validates responses, so a drifting 2xx becomes
 * a 500 here); never a 5xx, never a hang; a rejected request leaves the database unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, spec } from '../server/openapi.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { loadedSample, type LoadedSample } from './helpers/sample.ts';

type Schema = Record<string, any>;
const root = spec as unknown as Schema;

function deref<T = Schema>(node: any): T {
  let n = node;
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    n = n.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((acc: any, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  }
  return n as T;
}

const NASTY_STRINGS = [
  '',
  ' ',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '%_\\\'"',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ☃ 日本',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'x'.repeat(5_000),
];

/** Values that break the schema's type or bounds, plus its edges. */
function badValues(schema: Schema): string[] {
  const s = deref(schema) ?? {};
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const out = [...NASTY_STRINGS];
  if (type === 'integer' || type === 'number') {
    out.push('abc', '1.5', '-1', '1e309', 'NaN', 'Infinity', '99999999999999999999999', '0x10', '-0');
    if (s.minimum !== undefined) out.push(String(s.minimum - 1), String(s.minimum));
    if (s.maximum !== undefined) out.push(String(s.maximum + 1), String(s.maximum));
  }
  if (s.enum) out.push(`${s.enum[0]}x`, String(s.enum[0]).toLowerCase());
  if (s.format === 'date' || s.format === 'date-time') out.push('2026-13-45', '1900-01-01', '9999-12-31', 'yesterday');
  return out;
}

function bodyVariants(schema: Schema): { label: string; body: string; type?: string }[] {
  const s = deref(schema);
  const variants: { label: string; body: string; type?: string }[] = [
    { label: 'malformed JSON', body: '{"a": ' },
    { label: 'JSON array', body: '[]' },
    { label: 'JSON null', body: 'null' },
    { label: 'JSON string', body: '"x"' },
    { label: 'empty object', body: '{}' },
    { label: 'extra property', body: JSON.stringify({ unexpected: 1 }) },
    { label: 'text/plain', body: 'hello', type: 'text/plain' },
    { label: 'form body', body: 'a=1', type: 'application/x-www-form-urlencoded' },
  ];
  for (const [name, prop] of Object.entries<Schema>(s?.properties ?? {})) {
    const p = deref(prop);
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    const wrong: unknown[] = [null, true, {}, [], 'x'.repeat(10_000), -1, 2 ** 63, 1.5, "'; DROP TABLE carriers; --"];
    if (type === 'array') {
      wrong.push(Array.from({ length: (p.maxItems ?? 100) + 1 }, (_, i) => String(i + 1)));
      wrong.push(Array.from({ length: 10_000 }, () => '1'));
      wrong.push([null], [1, 2], ['%_\\'], ['𝔘']);
    }
    if (type === 'integer') wrong.push(-1, -99999999999, 99999999999999999999, 0.5, '100');
    for (const v of wrong) variants.push({ label: `${name}=${JSON.stringify(v)?.slice(0, 40)}`, body: JSON.stringify({ [name]: v }) });
  }
  return variants;
}

let app: TestApp;
let sample: LoadedSample;
let key: string;
let dot: string;
let cases = 0;

const MUTABLE_SKIP = new Set(['account_daily_usage', 'schemaversion']);
async function fingerprint(): Promise<string> {
  const { rows } = await app.db.pool.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const parts: string[] = [];
  for (const { tablename } of rows) {
    if (MUTABLE_SKIP.has(tablename)) continue;
    const r = await app.db.pool.query(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS h FROM "${tablename}" t`);
    parts.push(`${tablename}:${r.rows[0].n}:${r.rows[0].h}`);
  }
  return parts.join('|');
}

async function send(method: string, path: string, opts: { body?: string; type?: string; withKey?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (opts.withKey !== false) headers['X-API-Key'] = key;
  if (opts.body !== undefined) headers['content-type'] = opts.type ?? 'application/json';
  // A hang is an answer that never comes: a minute tells it from a slow machine's answer.
  const res = await fetch(`${app.url}${path}`, { method, headers, body: opts.body, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  cases++;
  return { status: res.status, text };
}

function expectSafe(label: string, r: { status: number; text: string }) {
  expect(r.status, `${label} → ${r.status} ${r.text.slice(0, 200)}`).toBeLessThan(500);
  if (r.status >= 400) {
    const body = JSON.parse(r.text);
    expect(Object.keys(body), label).toEqual(['error']);
    expect(typeof body.error.code, label).toBe('string');
    expect(typeof body.error.message, label).toBe('string');
  }
}

beforeAll(async () => {
  sample = await loadedSample();
  app = await startApp({ db: sample.db });
  const { data } = await app.api.POST('/v1/auth/signup', { body: { email: 'fuzz@example.com', password: 'fuzz-password' } });
  key = data!.api_key!;
  // Thousands of requests: lift this account's per-minute limit so the fuzz reaches the handlers.
  await app.db.pool.query('UPDATE accounts SET rate_limit = 1000000');
  dot = (await app.db.pool.query('SELECT dot_number FROM carriers ORDER BY dot_number LIMIT 1')).rows[0].dot_number;
});

afterAll(async () => {
  process.stdout.write(`\nfuzz: ${cases} requests tried against ${operations.length} operations\n`);
  await app?.close();
  await sample?.drop();
});

describe('fuzzing every operation of openapi.yaml', () => {
  for (const op of operations) {
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      const item = root.paths[op.path][op.method];
      const params: Schema[] = [...(root.paths[op.path].parameters ?? []), ...(item.parameters ?? [])].map((p) => deref(p));
      const concrete = (over: Record<string, string> = {}) =>
        op.path.replace(/\{([^}]+)\}/g, (_m, name) => encodeURIComponent(over[name] ?? (name === 'etl_run_id' ? '1' : dot)));
      const mutating = op.method !== 'get';
      const before = mutating ? await fingerprint() : '';

      for (const p of params.filter((x) => x.in === 'path' || x.in === 'query')) {
        for (const v of badValues(p.schema)) {
          const path = p.in === 'path' ? concrete({ [p.name]: v }) : `${concrete()}?${p.name}=${encodeURIComponent(v)}`;
          const r = await send(op.method.toUpperCase(), path, mutating && item.requestBody ? { body: '{"unexpected": true}' } : {});
          expectSafe(`${p.in} ${p.name}=${JSON.stringify(v).slice(0, 40)}`, r);
        }
      }
      // An unknown query parameter and an invalid key.
      expectSafe('unknown query param', await send(op.method.toUpperCase(), `${concrete()}?definitely_not_a_param=1`));
      if (op.keyUse !== 'none') {
        const r = await fetch(`${app.url}${concrete()}`, { method: op.method.toUpperCase(), headers: { 'X-API-Key': 'cdk_' + 'z'.repeat(40) } });
        cases++;
        expect(r.status, 'invalid key').toBe(401);
      }
      const bodySchema = item.requestBody ? deref(item.requestBody).content?.['application/json']?.schema : undefined;
      if (bodySchema) {
        for (const v of bodyVariants(bodySchema)) {
          const r = await send(op.method.toUpperCase(), concrete(), { body: v.body, type: v.type });
          expectSafe(`body ${v.label}`, r);
        }
      }
      if (mutating) expect(await fingerprint(), 'rejected requests changed the database').toBe(before);
    });
  }
});
