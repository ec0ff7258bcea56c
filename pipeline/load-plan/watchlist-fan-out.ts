/**
 * The load step that queues the run's watchlist fan-out (jobs/notify.ts) inside the load's
 * transaction, whoever runs the load (`pipeline run`, `pipeline stage load`, the nightly job, a
 * retried run): the job commits with the run, so a committed run is fanned out and a rolled-back
 * one never is. The fan-out claims its run once (watchlist_notifications), so
 * a load run again for the same run queues a job that finds nothing left to do: each account is
 * notified of a run once. The pipeline runs no pg-boss workers; the server's or `npm run
 * worker`'s take the job.
 */
import { enqueueNotify } from '../../jobs/notify.ts';
import type { LoadStep } from './step.ts';

export const queueWatchlistFanOut: LoadStep = {
  name: 'watchlist-fan-out',
  async run({ ctx, client }) {
    await enqueueNotify(await ctx.jobs(), ctx.runId, client);
  },
};
