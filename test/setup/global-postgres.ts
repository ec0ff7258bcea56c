/**
 * One embedded PostgreSQL for the whole test run. A template database is migrated once; every
 * test file clones it into a fresh database of its own (test/helpers/db.ts).
 *
 * Every temporary file of the run goes under one directory, removed at the end: TMPDIR is set
 * before the test workers start, so their os.tmpdir() (and their pipeline child processes') is
 * inside it. The tests make many temp dirs a run (dumps, DuckDB files, data dirs), some large,
 * and one removal at the end leaves none behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../lib/embedded-postgres.ts';
import { ensureDatabase } from '../../lib/open-database.ts';
import { migrate } from '../../lib/migrate.ts';

export const TEMPLATE_DB = 'carrier_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
    pgPort: number;
  }
}

export default async function setup(project: TestProject) {
  // The postgres OS user must traverse the data dir's parents: a 0755 dir under the OS temp dir.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-test-'));
  fs.chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  // Below Linux's ephemeral range (32768–60999): a port there can be taken at any moment as the
  // local end of some outgoing connection, and the server then fails to bind (it happened once).
  // service-endpoints.test.ts starts a second server on port + 1.
  const port = 20000 + 2 * Math.floor(Math.random() * 5000);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), port });
  await ensureDatabase(server.url(), TEMPLATE_DB);
  await migrate(server.url(TEMPLATE_DB));
  project.provide('pgServerUrl', server.url());
  project.provide('pgTemplate', TEMPLATE_DB);
  project.provide('pgPort', port);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
