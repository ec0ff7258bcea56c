/**
 * Child process of test/pipeline-run.test.ts: runs the load of run `argv[2]` with a last step that
 * says when it is inside the load transaction and then never returns, so the test can kill the
 * process mid-load (SIGKILL: no cleanup, no rollback by us — PostgreSQL must do it).
 */
import { config } from '../lib/config.ts';
import { createPool } from '../lib/postgres.ts';
import { openPipeline } from '../pipeline/context.ts';
import type { LoadStep } from '../pipeline/load-plan/step.ts';
import { silentProgress } from '../pipeline/progress.ts';
import { rerunStage } from '../pipeline/run-stages.ts';

// The test database is migrated already: a plain pool on DATABASE_URL.
const env = await openPipeline(config, { pool: createPool(config.databaseUrl, 2), progress: silentProgress });
const hang: LoadStep = {
  name: 'hang',
  run: async ({ client }) => {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM carriers');
    process.stdout.write(`IN_TRANSACTION ${rows[0].n}\n`);
    await new Promise(() => {});
  },
};
await rerunStage(env, 'load', Number(process.argv[2]), {}, { loadSteps: (steps) => [...steps, hang] });
