/**
 * Starts the real app on an ephemeral loopback port over a fresh database, with response
 * validation on, and a client generated from openapi.yaml (openapi-fetch + generated types).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../../lib/config.ts';
import type { paths } from '../../generated/openapi.ts';
import { createMailer } from '../../lib/mail/mailer.ts';
import { createApp, type AppOptions } from '../../server/app.ts';
import { listen } from '../../server/http.ts';
import type { Services } from '../../server/services.ts';
import { createUsageCounter } from '../../server/usage.ts';
import { createCarrierCache } from '../../server/carrier-cache.ts';
import { freshDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  url: string;
  api: ReturnType<typeof createClient<paths>>;
  db: TestDatabase;
  services: Services;
  /** Moves the injected clock (ms). */
  advance: (ms: number) => void;
  close: () => Promise<void>;
}

/**
 * Test defaults: one server secret per test process (apps sharing a database can read each
 * other's stored keys), mail to a temp outbox, and per-IP limits high enough that only the tests
 * that mean to hit a limit (and set it) do.
 */
const TEST_DEFAULTS: Partial<Config> = {
  serverSecret: crypto.randomBytes(32).toString('hex'),
  outboxDir: path.join(os.tmpdir(), 'carrier-test-outbox'),
  anonymousRateLimit: 100_000,
  authRateLimit: 100_000,
};

export async function startApp(
  opts: {
    db?: TestDatabase;
    config?: Partial<Config>;
    services?: Partial<Services>;
    app?: AppOptions;
    /**
     * The injected clock stands at this instant and moves only by advance(), for tests that sit
     * at a time edge (a window's end, a day's): without it, it is real time plus what advance() added.
     */
    clockAt?: Date;
  } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await freshDatabase());
  let offset = 0;
  const clock = () => new Date((opts.clockAt ? opts.clockAt.getTime() : Date.now()) + offset);
  const config = { ...loadConfig(), ...TEST_DEFAULTS, databaseUrl: db.url, ...opts.config };
  const ownMailer = opts.services?.mailer ? undefined : createMailer(config);
  const services: Services = {
    config,
    pool: db.pool,
    clock,
    mailer: ownMailer!,
    usage: createUsageCounter(db.pool),
    carrierCache: opts.services && 'carrierCache' in opts.services ? undefined : await createCarrierCache(db.pool, config.carrierCacheMb * 1024 * 1024),
    ...opts.services,
  };
  const app = createApp(services, { validateResponses: true, ...opts.app });
  const server = await listen(app, 0, '127.0.0.1');
  // No idle timeout on the server's side: fetch keeps an idle connection ~4 s and may send on it
  // just as a 5 s server timer closes it (ECONNRESET when a loaded machine stretches a pause).
  // The client then closes its own idle connections, and no request can meet a close.
  server.server.keepAliveTimeout = 0;
  return {
    url: server.url,
    api: createClient<paths>({ baseUrl: server.url }),
    db,
    services,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await server.close(1000);
      await services.usage.close();
      await services.carrierCache?.close();
      await ownMailer?.idle(5000);
      ownMailer?.close();
      if (!opts.db) await db.drop();
    },
  };
}

/**
 * A test file's apps over one fresh database: `app(config)` starts one with `defaults` under
 * `config` (at a standing clock if asked); after the file every app is closed and the
 * database dropped. Call it at the top of the file (it registers beforeAll and afterAll).
 */
export function appsOnFreshDatabase(defaults: Partial<Config> = {}) {
  const apps: TestApp[] = [];
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.drop();
  });
  return {
    async app(config: Partial<Config> = {}, opts: { clockAt?: Date } = {}): Promise<TestApp> {
      const a = await startApp({ db: db!, config: { ...defaults, ...config }, clockAt: opts.clockAt });
      apps.push(a);
      return a;
    },
  };
}
