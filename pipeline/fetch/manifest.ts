/**
 * manifest.json of a fetched day folder: per dataset where it came from, its size, rows, SHA-256,
 * when it was fetched and the source's rowsUpdatedAt. The next fetch reads it to compare column
 * lists, to link unchanged files and to carry monthly sets forward.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Column } from './metadata.ts';

const MANIFEST = 'manifest.json';
const FETCHED_BY = 'pipeline fetch';

export interface ManifestEntry {
  dataset: string;
  name: string;
  file: string;
  url: string;
  bytes: number;
  rows: number;
  sha256: string;
  fetched_at: string;
  /** The source's rowsUpdatedAt when this file was fetched. */
  rowsUpdatedAt: string;
  etag: string | null;
  columns: Column[];
  /** Same bytes as this file of an earlier day: stored once (a hard link). */
  linked_to?: string;
  /** A monthly set not republished since: this earlier day's file, linked. */
  carried_forward_from?: string;
}

export interface FetchManifest {
  fetched_by: typeof FETCHED_BY;
  /** The day folder's date: the date the data is as of. */
  date: string;
  source: string;
  started_at: string;
  finished_at: string;
  /** Motus All-With-History sets fetched because the day before holds no daily difference. */
  motus_baselines: string[];
  not_fetched: { dataset: string; reason: string }[];
  datasets: ManifestEntry[];
}

export function newManifest(date: string, source: string, startedAt: Date): FetchManifest {
  return { fetched_by: FETCHED_BY, date, source, started_at: startedAt.toISOString(), finished_at: '', motus_baselines: [], not_fetched: [], datasets: [] };
}

/** A folder's fetch manifest; null when it has none (a generated sample or a hand-made folder has another or none). */
export function readFetchManifest(dir: string): FetchManifest | null {
  let parsed: Partial<FetchManifest>;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Partial<FetchManifest>;
  } catch {
    return null;
  }
  return parsed?.fetched_by === FETCHED_BY && Array.isArray(parsed.datasets) ? (parsed as FetchManifest) : null;
}

export function writeManifest(dir: string, manifest: FetchManifest): void {
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
}
