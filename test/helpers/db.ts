/** A fresh database per test file, cloned from the migrated template (or another database). */
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createPool, type Pool } from '../../lib/postgres.ts';

export interface TestDatabase {
  url: string;
  pool: Pool;
  drop: () => Promise<void>;
}

export function withDatabase(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function freshDatabase(template: string = inject('pgTemplate')): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const pool = createPool(url);
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
