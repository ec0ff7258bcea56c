/**
 * The PostgreSQL search tables built from `carriers`, in the caller's transaction: a rebuild in
 * place (the first build, `stage search-index --full`, the bench) or a refresh of the carriers of
 * one delta (each incremental load, inside its transaction; the search-index stage catching up).
 * The carriers are read out of PostgreSQL and derived in a scratch DuckDB (scratch.ts), by the same
 * derivation as a run's full rebuild beside the load (beside-load.ts); PostgreSQL applies the result.
 */
import os from 'node:os';
import type { PoolClient } from '../../postgres.ts';
import { searchSql } from '../sql.ts';
import { applySearchChanges, fillSearchTables, timed, type RefreshResult } from './apply.ts';
import { deriveSearchTables, installMacros, removeDerivedFiles } from './derive.ts';
import { cargoLabels } from './labels.ts';
import { readCarriers, readIndexedRows, withScratchDuck } from './scratch.ts';
import { PG_BACKEND, setSearchIndexState } from './tables.ts';

export interface BuildOptions {
  /** Where the scratch DuckDB and its files go (a directory of their own under it); the OS temp dir by default. */
  scratchDir?: string;
}

/** Rebuilds every search table from `carriers` and records the index as of run `runId`. */
export async function rebuildSearchIndex(client: PoolClient, runId: number | null, opts: BuildOptions = {}): Promise<RefreshResult> {
  const started = Date.now();
  const steps: Record<string, number> = {};
  const carriers = await withScratchDuck(opts.scratchDir ?? os.tmpdir(), async (scratch) => {
    await timed(steps, 'read', () => readCarriers(client, scratch, 'all'));
    await installMacros(scratch.duck);
    const labels = await cargoLabels(client, scratch.duck, 'search_input');
    const files = await timed(steps, 'derive', () =>
      deriveSearchTables(scratch.duck, { input: 'search_input', labels, dir: `${scratch.dir}/tables`, mode: 'full' }));
    try {
      return await fillSearchTables(client, files, steps);
    } finally {
      removeDerivedFiles(files);
    }
  });
  await setSearchIndexState(client, PG_BACKEND, runId, true);
  return { mode: 'full', carriers, ms: Date.now() - started, steps };
}

/**
 * Refreshes the carriers of one delta and records the index as of run `runId`. `from: 'load'`:
 * the load's temp table `load_delta` (inside the load transaction); `from: {since}`: carriers
 * written by a run after `since`, and indexed carriers no longer in the registry.
 */
export async function refreshSearchIndex(
  client: PoolClient,
  from: 'load' | { since: number },
  runId: number | null,
  opts: BuildOptions = {},
): Promise<RefreshResult> {
  const started = Date.now();
  const steps: Record<string, number> = {};
  await client.query(searchSql('apply/delta-table'));
  await timed(steps, 'delta', () =>
    from === 'load' ? client.query(searchSql('apply/delta-from-load')) : client.query(searchSql('apply/delta-since'), [from.since]),
  );
  const carriers = await withScratchDuck(opts.scratchDir ?? os.tmpdir(), async (scratch) => {
    await timed(steps, 'read', async () => {
      await readCarriers(client, scratch, 'delta');
      await readIndexedRows(client, scratch);
    });
    await installMacros(scratch.duck);
    const labels = await cargoLabels(client, scratch.duck, 'search_input');
    const files = await timed(steps, 'derive', () =>
      deriveSearchTables(scratch.duck, { input: 'search_input', labels, dir: `${scratch.dir}/changes`, mode: 'changes' }));
    try {
      return await applySearchChanges(client, files, steps);
    } finally {
      removeDerivedFiles(files);
    }
  });
  await client.query(searchSql('apply/delta-drop'));
  await setSearchIndexState(client, PG_BACKEND, runId, false);
  return { mode: 'incremental', carriers, ms: Date.now() - started, steps };
}
