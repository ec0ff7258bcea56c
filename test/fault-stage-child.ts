/**
 * Child process of test/fault-kill.test.ts: runs the day folder `argv[2]` through every stage
 * (runDay, what `npm run pipeline -- run` does) and freezes at one progress event inside one
 * stage, so the test can SIGKILL it at a known point of that stage's work.
 *
 *   node --import tsx test/fault-stage-child.ts DAY_DIR EVENT LABEL_REGEX NTH
 *
 * The NTH `EVENT` (start | update | end) whose label matches LABEL_REGEX prints `PAUSED <label>`
 * and blocks the main thread for good (Atomics.wait): progress calls are synchronous, so the
 * stage is stopped exactly between two of its steps, with whatever it already wrote (DuckDB
 * tables, an open PostgreSQL transaction) left for the kill. Nothing here is timing-based.
 */
import fs from 'node:fs';
import { config } from '../lib/config.ts';
import { createPool } from '../lib/postgres.ts';
import { openPipeline } from '../pipeline/context.ts';
import type { Progress } from '../pipeline/progress.ts';
import { runDay } from '../pipeline/run-stages.ts';

const [dayDir, event, pattern, nth] = process.argv.slice(2);
const label = new RegExp(pattern);
let current = '';
let seen = 0;

function maybePause(ev: string): void {
  if (ev !== event || !label.test(current) || ++seen !== Number(nth)) return;
  // writeSync: the line must be out before the thread blocks.
  fs.writeSync(1, `PAUSED ${current}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

const progress: Progress = {
  start(l) {
    current = l;
    maybePause('start');
  },
  update() {
    maybePause('update');
  },
  end() {
    maybePause('end');
  },
};

// The test database is migrated already: a plain pool on DATABASE_URL.
const env = await openPipeline(config, { pool: createPool(config.databaseUrl, 2), progress });
await runDay(env, dayDir);
// Reaching here means the pause point never came: the test reports this line as a failure.
process.stdout.write('FINISHED\n');
process.exit(0);
