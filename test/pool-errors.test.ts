/**
 * A pooled connection that PostgreSQL ends while it is idle (pg_terminate_backend, as an
 * administrator or a server restart would) is logged with the project's logger and does not end
 * the process: the pool connects anew (lib/postgres.ts createPool). Run in a child process, so
 * its log lines and its exit are its own.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { PG_ERROR } from '../server/errors.ts';

it('logs an idle connection the server ended, and the process goes on', async () => {
  const serverUrl = inject('pgServerUrl');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const lines: string[] = [];
  let terminated: Promise<unknown> | undefined;
  const exit = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test', 'pool-error-child.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: serverUrl, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    child.stdout.on('data', (b: Buffer) => {
      buffered += b.toString();
      const done = buffered.split('\n');
      buffered = done.pop()!;
      for (const line of done) {
        lines.push(line);
        const pid = /^PID (\d+)$/.exec(line)?.[1];
        if (pid) terminated = admin.query('SELECT pg_terminate_backend($1)', [Number(pid)]);
      }
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  await terminated;
  await admin.end();
  expect(exit).toBe(0);
  expect(lines).toContain('ALIVE 1');
  const logged = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string; err?: { code?: string } });
  expect(logged).toEqual([
    expect.objectContaining({ level: 40, msg: 'PostgreSQL: an idle pooled connection was lost', err: expect.objectContaining({ code: PG_ERROR.admin_shutdown }) }),
  ]);
  // The error, not the connection pg attaches to it.
  expect(logged[0].err).not.toHaveProperty('client');
});
