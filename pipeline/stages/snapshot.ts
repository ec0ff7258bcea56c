/**
 * snapshot: the run's carrier snapshot (one row per DOT, the CarrierSnapshot columns of
 * lib/snapshot.ts), its active policies and the row hashes the incremental load compares.
 */
import path from 'node:path';
import { ROOT } from '../../lib/config.ts';
import { duckRows, duckRun, duckSql, lit, requireRunTables } from '../duck.ts';
import type { Stage } from './types.ts';

export const STATE_CENTROIDS = path.join(ROOT, 'data', 'state-centroids.csv');

export const snapshot: Stage = {
  name: 'snapshot',
  async run(ctx) {
    await requireRunTables(ctx, ['census'], 'ingest stage');
    ctx.progress.start('snapshot');
    await duckRun(
      ctx.duck,
      duckSql('snapshot', {
        schema: ctx.schema,
        batch_date: `DATE ${lit(ctx.batchDate)}`,
        centroids: lit(STATE_CENTROIDS),
      }),
      ctx.progress,
    );
    const [{ n, policies }] = await duckRows<{ n: number; policies: number }>(
      ctx.duck,
      `SELECT (SELECT count(*) FROM ${ctx.schema}.snapshot) AS n, (SELECT count(*) FROM ${ctx.schema}.policies) AS policies`,
    );
    ctx.progress.end(`${n.toLocaleString('en-US')} carriers`);
    return { rows: n, detail: { policies } };
  },
};
