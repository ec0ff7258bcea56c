/**
 * `pipeline fetch`: a complete day folder of the datasets the pipeline reads, from the data
 * portal, or nothing. Every dataset's metadata is read first, so a changed column list stops the
 * night before gigabytes are downloaded; then each set is fetched in list order into a build
 * folder that is renamed to the day folder when the last one is in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { logger as rootLogger, type Logger } from '../../lib/logger.ts';
import { fetchedDatasets, loadDatasets, motusBaselines, type DatasetSpec } from './datasets.ts';
import { buildFolder, dayBefore, discard, previousFetch, promote } from './day-folder.ts';
import type { DownloadContext } from './download.ts';
import { ColumnsChangedError } from './errors.ts';
import type { FetchEvents } from './events.ts';
import { fetchDataset } from './fetch-dataset.ts';
import type { PortalClient } from './http.ts';
import { newManifest, readFetchManifest, writeManifest, type FetchManifest } from './manifest.ts';
import { columnChanges, fetchMeta, type DatasetMeta } from './metadata.ts';
import { silentFetchProgress, type FetchProgress } from './progress.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.ts';

export interface FetchDayOptions {
  /** The date the data is as of (YYYY-MM-DD). */
  date: string;
  /** The day folder to build; its parent holds the earlier day folders. */
  out: string;
  client: PortalClient;
  /** Default: data/fmcsa-datasets.json. */
  datasets?: DatasetSpec[];
  retry?: RetryPolicy;
  /** Rows per page of a paged set (the portal accepts 100,000 and more). */
  pageRows?: number;
  republishAttempts?: number;
  log?: Logger;
  progress?: FetchProgress;
  events?: FetchEvents;
  now?: () => Date;
}

export interface FetchDayResult {
  /** 'exists': the day folder was there already; nothing was done. */
  status: 'fetched' | 'exists';
  dir: string;
  /** null for a folder that exists and was not made by the fetch (hand-made, generated). */
  manifest: FetchManifest | null;
  actions: Record<string, string>;
}

const DEFAULT_PAGE_ROWS = 100_000;

/**
 * @example
 * const { dir } = await fetchDay({ date: '2026-11-21', out: '.data/dumps/2026-11-21',
 *   client: { baseUrl: 'https://data.transportation.gov', appToken: '' } });
 */
export async function fetchDay(opts: FetchDayOptions): Promise<FetchDayResult> {
  const log = opts.log ?? rootLogger.child({ component: 'fetch' });
  const now = opts.now ?? (() => new Date());
  const out = path.resolve(opts.out);
  if (fs.existsSync(out)) {
    // Never overwritten: a fetched folder is complete, any other is someone's own input.
    const manifest = readFetchManifest(out);
    if (manifest) log.info({ dir: out }, 'day folder already fetched');
    else log.warn({ dir: out }, 'day folder exists and was not made by the fetch; left as it is');
    return { status: 'exists', dir: out, manifest, actions: {} };
  }

  const all = opts.datasets ?? fetchedDatasets(loadDatasets());
  const previous = previousFetch(out, opts.date);
  const yesterday = readFetchManifest(path.join(path.dirname(out), dayBefore(opts.date)));
  const manifest = newManifest(opts.date, opts.client.baseUrl, now());

  // A Motus daily difference holds the last day only: after a missed day the full set re-baselines.
  const diffOf = motusBaselines(all);
  const wanted = all.filter((d) => {
    const diff = diffOf.get(d.id);
    if (!diff) return true;
    if (yesterday?.datasets.some((e) => e.dataset === diff.id)) {
      manifest.not_fetched.push({ dataset: d.id, reason: `Motus baseline; ${dayBefore(opts.date)} holds the daily difference ${diff.id}` });
      return false;
    }
    manifest.motus_baselines.push(d.id);
    return true;
  });

  const ctx: DownloadContext = {
    client: opts.client,
    retry: opts.retry ?? DEFAULT_RETRY,
    log,
    progress: opts.progress ?? silentFetchProgress,
    events: opts.events,
    pageRows: opts.pageRows ?? DEFAULT_PAGE_ROWS,
  };

  const metas = new Map<string, DatasetMeta>();
  const changed: string[] = [];
  for (const spec of wanted) {
    const meta = await fetchMeta(ctx, spec.id);
    metas.set(spec.id, meta);
    const before = previous?.manifest.datasets.find((e) => e.dataset === spec.id);
    const diff = before && columnChanges(before.columns, meta.columns);
    if (diff) changed.push(`${spec.id} (${spec.name}): ${diff}`);
  }
  if (changed.length) {
    throw new ColumnsChangedError(`the column list changed since the fetch of ${previous!.date}: ${changed.join('; ')}`);
  }

  const build = buildFolder(out);
  const actions: Record<string, string> = {};
  try {
    for (const spec of wanted) {
      const started = Date.now();
      const { entry, action } = await fetchDataset(ctx, {
        spec,
        meta: metas.get(spec.id)!,
        previous,
        build,
        now,
        republishAttempts: opts.republishAttempts ?? 3,
      });
      manifest.datasets.push(entry);
      actions[spec.id] = action;
      log.info({ dataset: spec.id, action, rows: entry.rows, bytes: entry.bytes, ms: Date.now() - started }, 'dataset fetched');
      opts.events?.emit('dataset', { dataset: spec.id, action, rows: entry.rows, bytes: entry.bytes });
    }
    manifest.finished_at = now().toISOString();
    writeManifest(build, manifest);
    promote(build, out);
  } catch (err) {
    discard(build);
    throw err;
  }
  log.info({ dir: out, datasets: manifest.datasets.length }, 'day folder fetched');
  return { status: 'fetched', dir: out, manifest, actions };
}
