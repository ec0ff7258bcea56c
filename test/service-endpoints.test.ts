/** Health (database up and down, recovery), meta, the raw contract and the docs page. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPool } from '../lib/postgres.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../lib/embedded-postgres.ts';
import { migrate } from '../lib/migrate.ts';
import { startApp, type TestApp } from './helpers/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close();
});

describe('GET /v1/health', () => {
  it('is ok while the database answers', async () => {
    const { data, response } = await app.api.GET('/v1/health');
    expect(response.status).toBe(200);
    expect(data!.status).toBe('ok');
    expect(data!.checks.database.status).toBe('ok');
    expect(response.headers.get('ratelimit')).toBeNull();
    expect(response.headers.get('ratelimit-policy')).toBeNull();
  });

  it('answers 503 (health and data requests) while the database is down and recovers by itself', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-health-pg-'));
    fs.chmodSync(dir, 0o755);
    const port = inject('pgPort') + 1;
    const callerTrim = process.env.MALLOC_TRIM_THRESHOLD_;
    let server: EmbeddedServer = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
    await migrate(server.url());
    const pool = createPool(server.url());
    const own = await startApp({ db: { url: server.url(), pool, drop: async () => {} } });
    try {
      // The server (and the backends it forks) keeps its heap between queries
      // (lib/embedded-postgres.ts); our own environment is untouched. (/proc and glibc: Linux.)
      if (process.platform === 'linux') {
        const postmaster = fs.readFileSync(path.join(server.dir, 'postmaster.pid'), 'utf8').split('\n')[0];
        const serverEnv = fs.readFileSync(`/proc/${postmaster}/environ`, 'utf8').split('\0');
        expect(serverEnv).toContain(`MALLOC_TRIM_THRESHOLD_=${callerTrim ?? 67108864}`);
        if (callerTrim === undefined) expect(serverEnv).toContain('MALLOC_MMAP_THRESHOLD_=33554432');
      }
      expect(process.env.MALLOC_TRIM_THRESHOLD_).toBe(callerTrim);
      expect((await own.api.GET('/v1/health')).response.status).toBe(200);
      await server.stop();
      const down = await own.api.GET('/v1/health');
      expect(down.response.status).toBe(503);
      expect(down.error ?? (down as { data?: unknown }).data).toBeDefined();
      const body = (down.error ?? down.data) as { status: string; checks: { database: { status: string } } };
      expect(body.status).toBe('degraded');
      expect(body.checks.database.status).toBe('down');
      // A data request while the database is down: 503 in the envelope, not a 500 or a hang.
      const carrier = await fetch(`${own.url}/v1/carriers/1234`);
      expect(carrier.status).toBe(503);
      expect((await carrier.json()).error.code).toBe('SERVICE_UNAVAILABLE');
      server = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
      expect((await own.api.GET('/v1/health')).response.status).toBe(200);
      expect((await fetch(`${own.url}/v1/carriers/1234`)).status).toBe(404); // recovered by itself
    } finally {
      await own.close();
      await pool.end();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /v1/meta', () => {
  it('carries the spec fields, null/0 before any ETL run, and ignores keys', async () => {
    const { data, response } = await app.api.GET('/v1/meta', { headers: { 'X-API-Key': 'not-a-key' } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      data_freshness: null,
      risk_history_horizon: null,
      risk_history_rows: 0,
      etl_changes_horizon: null,
      carriers_total: 0,
      latest_etl_run_id: null,
    });
    expect(typeof data!.api_version).toBe('string');
    expect(response.headers.get('ratelimit')).toBeNull();
  });
});

describe('contract and docs', () => {
  it('serves openapi.yaml raw', async () => {
    const res = await fetch(`${app.url}/openapi.yaml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/yaml/);
    expect(await res.text()).toMatch(/^openapi: 3\.1/m);
  });

  it('serves the API reference page with its bundled renderer (no CDN)', async () => {
    const page = await fetch(`${app.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of ['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css', '/docs/init.js']) {
      expect(html).toContain(asset);
      const res = await fetch(`${app.url}${asset}`);
      expect(res.status, asset).toBe(200);
    }
  });

  it('GET / points to /docs', async () => {
    const res = await fetch(`${app.url}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/docs');
    const followed = await fetch(`${app.url}/`);
    expect(followed.url).toBe(`${app.url}/docs`);
    expect(await followed.text()).toContain('swagger-ui');
  });

  it('serves the password-reset page the e-mail links to, with its script and style (no inline code, no CDN)', async () => {
    const page = await fetch(`${app.url}/reset-password?token=abc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>|<style>/);
    for (const asset of ['/reset-password/page.js', '/reset-password/page.css']) {
      expect(html).toContain(asset);
      const res = await fetch(`${app.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(await res.text()).not.toBe('');
    }
  });
});
