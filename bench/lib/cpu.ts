/**
 * CPU accounting of a pipeline run, from /proc (Linux): the CPU-seconds PostgreSQL's processes
 * spent, and how many of the machine's cores were busy on average. A run that keeps every core
 * busy is bound by the CPU it needs, not by waiting: its wall time can only fall with its CPU.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ; 100 on Linux, asked for once). */
let ticksPerSecond: number | undefined;
export const hz = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** /proc/<pid>/stat fields after the command name: [0] state, [1] ppid, ... [11..14] utime stime cutime cstime. */
export function statFields(pid: number | string): string[] | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // exited meanwhile
  }
}

/**
 * CPU-seconds of a server process and all its children so far: its own, its exited children's
 * (a closed connection's backend, a parallel worker, an autovacuum worker: counted once the
 * postmaster has reaped them, which it does at once) and its live children's.
 */
export function processTreeCpuSeconds(pid: number): number {
  const own = statFields(pid);
  if (!own) throw new Error(`no process ${pid}`);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(entry);
    if (f && Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / hz();
}

/**
 * The machine's busy and total CPU ticks since boot (/proc/stat's first line: user nice system
 * idle iowait irq softirq steal; guest time is inside user). Busy: user, nice, system, irq and
 * softirq; idle, iowait and steal (the hypervisor running someone else) are not.
 */
function machineTicks(): { busy: number; total: number } {
  const t = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { busy: t[0] + t[1] + t[2] + t[5] + t[6], total: t.reduce((a, b) => a + b, 0) };
}

export interface CpuUse {
  /** CPU-seconds of the PostgreSQL server (postmaster and children) while `fn` ran. */
  postgresSeconds: number;
  /** Cores busy on average (of the machine's os.cpus()), whatever process kept them busy. */
  busyCores: number;
}

/** Runs `fn` and measures PostgreSQL's CPU and the machine's busy cores meanwhile. */
export async function measureCpu<T>(postmasterPid: number, fn: () => Promise<T>): Promise<{ result: T; cpu: CpuUse }> {
  const pg0 = processTreeCpuSeconds(postmasterPid);
  const m0 = machineTicks();
  const result = await fn();
  const m1 = machineTicks();
  const cores = os.cpus().length;
  return {
    result,
    cpu: {
      postgresSeconds: processTreeCpuSeconds(postmasterPid) - pg0,
      busyCores: m1.total > m0.total ? ((m1.busy - m0.busy) / (m1.total - m0.total)) * cores : 0,
    },
  };
}

/** The postmaster's pid of a data directory (first line of postmaster.pid). */
export const postmasterPid = (dataDir: string): number =>
  Number(fs.readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
