/**
 * One dataset into the build folder: downloaded to `<id>.csv.part`, checked, hashed, renamed;
 * downloaded again when the source was republished meanwhile; stored once when its bytes equal
 * the previous fetch's; a monthly set not republished this month is carried forward instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DatasetSpec } from './datasets.ts';
import { linkFile, type PreviousFetch } from './day-folder.ts';
import { downloadPaged } from './download-paged.ts';
import { downloadRowsCsv } from './download-rows-csv.ts';
import type { DownloadContext } from './download.ts';
import { ColumnsChangedError, ContentError } from './errors.ts';
import type { DatasetAction } from './events.ts';
import type { ManifestEntry } from './manifest.ts';
import { columnChanges, fetchCount, fetchMeta, type DatasetMeta } from './metadata.ts';
import { checkFile, inspectFile } from './verify.ts';

export interface DatasetJob {
  spec: DatasetSpec;
  /** The metadata read before any download. */
  meta: DatasetMeta;
  previous: PreviousFetch | null;
  build: string;
  now: () => Date;
  /** Downloads of one set before a set republished every time is given up. */
  republishAttempts: number;
}

export interface DatasetOutcome {
  entry: ManifestEntry;
  action: DatasetAction;
}

const month = (iso: string) => iso.slice(0, 7);

function previousFile(job: DatasetJob): { entry: ManifestEntry; file: string } | null {
  const entry = job.previous?.manifest.datasets.find((e) => e.dataset === job.spec.id);
  if (!entry || !job.previous) return null;
  const file = path.join(job.previous.dir, entry.file);
  // Linking a file that is not what its manifest says would hand the pipeline other bytes.
  if (!fs.existsSync(file) || fs.statSync(file).size !== entry.bytes) return null;
  return { entry, file };
}

function carryForward(job: DatasetJob, file: string): DatasetOutcome | null {
  const prev = previousFile(job);
  if (job.spec.cadence !== 'monthly' || !prev || month(prev.entry.rowsUpdatedAt) !== month(job.meta.rowsUpdatedAt)) return null;
  if (!linkFile(prev.file, file)) return null;
  return { entry: { ...prev.entry, carried_forward_from: prev.entry.carried_forward_from ?? job.previous!.date }, action: 'carried-forward' };
}

export async function fetchDataset(ctx: DownloadContext, job: DatasetJob): Promise<DatasetOutcome> {
  const { spec } = job;
  const file = path.join(job.build, `${spec.id}.csv`);
  const part = `${file}.part`;
  const carried = carryForward(job, file);
  if (carried) return carried;

  let meta = job.meta;
  for (let attempt = 1; attempt <= job.republishAttempts; attempt++) {
    const expectedRows = await fetchCount(ctx, spec.id);
    ctx.progress.start(spec.id, expectedRows);
    let downloaded;
    let failure: unknown = null;
    try {
      downloaded = spec.download === 'paged' ? await downloadPaged(ctx, spec.id, part) : await downloadRowsCsv(ctx, spec.id, part);
    } catch (err) {
      // A page with another header may be a republished set: the metadata below tells.
      if (!(err instanceof ContentError)) throw err;
      failure = err;
    } finally {
      ctx.progress.end();
    }
    const after = await fetchMeta(ctx, spec.id);
    if (after.rowsUpdatedAt !== meta.rowsUpdatedAt) {
      ctx.log.warn({ dataset: spec.id, before: meta.rowsUpdatedAt, after: after.rowsUpdatedAt, attempt }, 'republished during the download; downloading it again');
      ctx.events?.emit('republished', { dataset: spec.id, before: meta.rowsUpdatedAt, after: after.rowsUpdatedAt });
      const changed = columnChanges(meta.columns, after.columns);
      if (changed) throw new ColumnsChangedError(`${spec.id}: republished with other columns: ${changed}`);
      meta = after;
      continue;
    }
    if (failure || !downloaded) throw failure;

    const facts = await inspectFile(part);
    const names = meta.columns.map((c) => (spec.download === 'paged' ? c.fieldName : c.name));
    checkFile(spec.id, facts, { columns: names, rows: expectedRows });
    fs.renameSync(part, file);

    const entry: ManifestEntry = {
      dataset: spec.id,
      name: spec.name,
      file: path.basename(file),
      url: downloaded.url,
      bytes: facts.bytes,
      rows: facts.rows,
      sha256: facts.sha256,
      fetched_at: job.now().toISOString(),
      rowsUpdatedAt: meta.rowsUpdatedAt,
      etag: downloaded.etag,
      columns: meta.columns,
    };
    const prev = previousFile(job);
    if (prev && prev.entry.sha256 === facts.sha256) {
      // Same bytes as the day before (the frozen legacy sets are re-uploaded daily unchanged).
      const copy = `${file}.copy`;
      fs.renameSync(file, copy);
      if (linkFile(prev.file, file)) {
        fs.rmSync(copy);
        return { entry: { ...entry, linked_to: `${job.previous!.date}/${prev.entry.file}` }, action: 'linked' };
      }
      fs.renameSync(copy, file);
    }
    return { entry, action: 'downloaded' };
  }
  throw new ContentError(`${spec.id} was republished during each of ${job.republishAttempts} downloads`);
}
