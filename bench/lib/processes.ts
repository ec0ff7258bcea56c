/** Child processes for the benchmark: timed commands (GNU time for peak RSS) and servers. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/config.ts';

export interface Timed {
  seconds: number;
  peakRssMb: number;
  /** CPU-seconds (user + system) of the process, its threads and its children. */
  cpuSeconds: number;
}

/** Runs a TypeScript entry of ours under /usr/bin/time; returns wall time, peak RSS and CPU time. */
export function timedTs(entry: string, args: string[], env: Record<string, string>): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', 'BENCHTIME %e %M %U %S', process.execPath, '--import', 'tsx', path.join(ROOT, entry), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      if (!c.toString().includes('BENCHTIME')) process.stderr.write(c);
    });
    child.on('exit', (code) => {
      const m = err.match(/BENCHTIME ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/);
      if (code !== 0 || !m) return reject(new Error(`${entry} ${args.join(' ')} failed (exit ${code})\n${err.slice(-2000)}`));
      resolve({ seconds: Number(m[1]), peakRssMb: Math.round(Number(m[2]) / 1024), cpuSeconds: Number(m[3]) + Number(m[4]) });
    });
  });
}

/**
 * The node flags of `npm start` (package.json), so that the benchmark runs the server as it is
 * run: `exec node <flags> --import tsx server/main.ts`.
 */
export function startScriptFlags(): string[] {
  const script: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const m = script.match(/^exec node (.*?)\s*--import tsx server\/main\.ts$/);
  if (!m) throw new Error(`package.json start script is not "exec node [flags] --import tsx server/main.ts": ${script}`);
  return m[1].split(/\s+/).filter(Boolean);
}

/** Starts a long-running TypeScript entry and waits until `ready()` resolves true. */
export async function startTs(
  entry: string,
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
  nodeFlags: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${entry} did not become ready`);
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Samples a process's RSS while `fn` runs; returns fn's result and the peak. */
export async function withRssPeak<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {}
  }, 200);
  try {
    return { result: await fn(), peakMb: peak };
  } finally {
    clearInterval(timer);
  }
}
