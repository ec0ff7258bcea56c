/**
 * The FMCSA datasets the pipeline reads, from data/fmcsa-datasets.json (the one list; see its
 * "about"). The fetch downloads those without `"fetch": false`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../lib/config.ts';

type Cadence = 'daily' | 'monthly' | 'frozen';
type DownloadMode = 'rows.csv' | 'paged';

export interface DatasetSpec {
  /** Socrata 4x4 id, e.g. 'az4n-8mr2'; the day folder's file is `<id>.csv`. */
  id: string;
  name: string;
  role: string;
  kind: 'tabular' | 'blob';
  cadence: Cadence;
  download: DownloadMode;
  /** For a Motus daily-difference set: the All-With-History set it applies to. */
  motus?: string;
  /** Published figures (approximate), for estimates only. */
  rows?: number;
  bytes?: number;
  fetch?: boolean;
}

const DATASETS_FILE = path.join(ROOT, 'data', 'fmcsa-datasets.json');

const CADENCES: readonly string[] = ['daily', 'monthly', 'frozen'];
const MODES: readonly string[] = ['rows.csv', 'paged'];

/**
 * Every dataset of the list, checked: an unknown cadence or download mode of a set the fetch
 * downloads is a broken list. Sets with `"fetch": false` are the adapters' business.
 */
export function loadDatasets(file = DATASETS_FILE): DatasetSpec[] {
  const { datasets } = JSON.parse(fs.readFileSync(file, 'utf8')) as { datasets: DatasetSpec[] };
  const ids = new Set(datasets.map((d) => d.id));
  for (const d of datasets) {
    if (!/^[a-z0-9]{4}-[a-z0-9]{4}$/.test(d.id)) throw new Error(`${file}: "${d.id}" is not a dataset id`);
    if (d.fetch === false) continue;
    if (!CADENCES.includes(d.cadence)) throw new Error(`${file}: ${d.id} has cadence "${d.cadence}"`);
    if (!MODES.includes(d.download)) throw new Error(`${file}: ${d.id} has download "${d.download}"`);
    if (d.kind !== 'tabular') throw new Error(`${file}: ${d.id} is a ${d.kind}; the fetch reads tabular sets only`);
    if (d.motus && !ids.has(d.motus)) throw new Error(`${file}: ${d.id} applies to ${d.motus}, which is not listed`);
  }
  return datasets;
}

/** The datasets the nightly fetch downloads. */
export function fetchedDatasets(all: DatasetSpec[]): DatasetSpec[] {
  return all.filter((d) => d.fetch !== false);
}

/** Motus All-With-History ids: fetched only to (re-)baseline, i.e. when a day was missed. */
export function motusBaselines(all: DatasetSpec[]): Map<string, DatasetSpec> {
  const diffOf = new Map<string, DatasetSpec>();
  for (const d of all) if (d.motus) diffOf.set(d.motus, d);
  return diffOf;
}
