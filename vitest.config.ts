import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global-postgres.ts'],
    // Each file gets its own database; files run in parallel on the two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for an event (a row, a job state, a message), never for a time: its
    // timeout is only how long to wait before calling the event lost, ample on a loaded machine.
    expect: { poll: { timeout: 30_000 } },
    reporters: ['default', './test/setup/summary-reporter.ts'],
    env: {
      LOG_LEVEL: 'silent',
      BCRYPT_ROUNDS: '4',
    },
  },
});
