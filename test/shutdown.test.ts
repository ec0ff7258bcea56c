/**
 * Ctrl-C in a terminal: the terminal sends SIGINT to its whole foreground process group, so to
 * npm, node and every child they started in that group. `npm start` (with its embedded
 * PostgreSQL) must then stop cleanly: exit 0, no error lines or stack traces (pg-boss logged one
 * per worker when PostgreSQL took the same SIGINT and cut their connections), and no PostgreSQL
 * left running.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.ts';

/** A port in [lo, hi) that nothing listens on right now (below Linux's ephemeral range). */
async function freePort(lo: number, hi: number): Promise<number> {
  for (;;) {
    const port = lo + Math.floor(Math.random() * (hi - lo));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/**
 * `npm start` in a process group of its own, like a terminal's foreground job, on a fresh data
 * directory with an embedded PostgreSQL; `interruptWhen` says which output to send SIGINT at.
 */
async function ctrlC(interruptWhen: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-ctrl-c-'));
  fs.chmodSync(dataDir, 0o755); // the postgres OS user (as root) must reach its data directory
  dirs.push(dataDir);
  const port = await freePort(32_000, 32_700);
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort(31_000, 31_700)),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await expect.poll(() => output.includes(interruptWhen), { timeout: 60_000, interval: 100 }).toBe(true);
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const postgresPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  process.kill(-child.pid!, 'SIGINT'); // the whole group, as the terminal does
  const code = await exited;
  const problems = output
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l) || /^\s+at /.test(l) || /npm (error|ERR!)/.test(l))
    .map((l) => l.slice(0, 300));
  let postgresAlive = true;
  try {
    process.kill(postgresPid, 0);
  } catch {
    postgresAlive = false;
  }
  return { code, output, problems, pidFileLeft: fs.existsSync(pidFile), postgresAlive };
}

describe('Ctrl-C on npm start', () => {
  it('while serving: exit 0, no errors or stack traces, PostgreSQL stopped', async () => {
    const run = await ctrlC('serving the API', { SAMPLE_CARRIERS: '0' });
    expect(run.code).toBe(0);
    expect(run.output).toContain('"msg":"stopped"');
    expect(run.problems).toEqual([]);
    expect(run.pidFileLeft).toBe(false);
    expect(run.postgresAlive).toBe(false);
  });

  it('while the first start builds the sample: the same', async () => {
    const run = await ctrlC('generating the sample registry', { SAMPLE_CARRIERS: '5000', SAMPLE_DAYS: '3' });
    expect(run.code).toBe(0);
    expect(run.output).toContain('"msg":"stopped"');
    expect(run.problems).toEqual([]);
    expect(run.pidFileLeft).toBe(false);
    expect(run.postgresAlive).toBe(false);
  });
});
