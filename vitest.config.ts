import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/global-postgres.ts'],
    // Each file gets its own database; files run in parallel on the two cores.
    pool: 'forks',
    maxWorkers: 2,
    // Timeouts only catch a hang: they are far above what any test takes on two busy cores, so a
    // loaded machine makes a run slower, never red.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits for an event (a row, a job state, a message), never for a time: its
    // timeout is only how long to wait before calling the event lost, ample on a loaded machine.
    expect: { poll: { timeout: 120_000 } },
    reporters: ['default', './test/setup/summary-reporter.ts'],
    env: {
      LOG_LEVEL: 'silent',
      BCRYPT_ROUNDS: '4',
      // No test reaches the real data portal: a closed port on loopback unless a test serves one
      // (port 2: nothing listens there, and fetch does not block it as it blocks 9).
      FMCSA_SOURCE_URL: 'http://127.0.0.1:2',
    },
  },
});
