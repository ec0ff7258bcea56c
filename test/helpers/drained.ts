/** Waiting for pg-boss queues to settle, for tests that check what their jobs did. */
import type { PgBoss } from '../../jobs/boss.ts';

/**
 * Resolves when every job of each queue, in order, is done (none created, retrying or active);
 * timeoutMs (per queue) is a safety net against a hang, not a measure of speed.
 */
export async function drained(boss: PgBoss, queues: string[], timeoutMs = 120_000): Promise<void> {
  for (const queue of queues) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const jobs = await boss.findJobs(queue);
      if (jobs.every((j) => j.state === 'completed' || j.state === 'failed' || j.state === 'cancelled')) break;
      if (Date.now() > deadline) throw new Error(`${queue} still has jobs: ${jobs.map((j) => j.state).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
