/** What handlers and middleware need from the outside world, passed in (never imported). */
import type { Config } from '../lib/config.ts';
import type { Pool } from '../lib/postgres.ts';
import type { Mailer } from '../lib/mail/mailer.ts';
import type { PgBoss } from '../jobs/boss.ts';
import type { UsageCounter } from './usage.ts';
import type { CarrierCache } from './carrier-cache.ts';

export interface Services {
  config: Config;
  pool: Pool;
  /** Injectable clock: tests move time instead of sleeping. */
  clock: () => Date;
  /** Outgoing e-mail; `send` never blocks or fails a request (failures go to a retry job). */
  mailer: Mailer;
  /** Counts authenticated requests per account and day (flush before reading them). */
  usage: UsageCounter;
  /** Rendered carrier answers between writes to their tables; none: every lookup reads the database. */
  carrierCache?: CarrierCache;
  /** pg-boss on the same database, when this process started it. */
  boss?: PgBoss;
}
