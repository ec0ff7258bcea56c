/**
 * The benchmark's CPU accounting (bench/lib/cpu.ts) against the test run's PostgreSQL: the CPU of
 * a backend counts after its connection closed (when the postmaster has reaped it), as a
 * pipeline's backends do once the pipeline exits.
 */
import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { hz, measureCpu, processTreeCpuSeconds, statFields } from '../bench/lib/cpu.ts';

/** utime + stime (seconds) and parent of a live process. */
function proc(pid: number): { cpu: number; ppid: number } {
  const f = statFields(pid)!;
  return { cpu: (Number(f[11]) + Number(f[12])) / hz(), ppid: Number(f[1]) };
}

describe('CPU accounting of the benchmark', () => {
  it('counts the CPU of a PostgreSQL backend whose connection closed meanwhile', async () => {
    const client = new pg.Client({ connectionString: inject('pgServerUrl') });
    await client.connect();
    const { rows: [{ pid }] } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = proc(pid).ppid;
    expect(processTreeCpuSeconds(postmaster)).toBeGreaterThan(0);
    let query = 0;
    const { cpu } = await measureCpu(postmaster, async () => {
      const before = proc(pid).cpu;
      await client.query('SELECT count(*) FROM generate_series(1, 4000000) g WHERE g % 7 = 3');
      query = proc(pid).cpu - before;
      await client.end();
      // The backend exits; once reaped, its CPU is the postmaster's children's.
      await expect.poll(() => fs.existsSync(`/proc/${pid}`), { interval: 25 }).toBe(false);
    });
    expect(query).toBeGreaterThan(0.1);
    // Other test files' backends may add to it, never take from it; one tick of rounding.
    expect(cpu.postgresSeconds).toBeGreaterThanOrEqual(query - 0.02);
    expect(cpu.busyCores).toBeGreaterThan(0);
  });
});
