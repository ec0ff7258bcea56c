/**
 * The day folder appears whole or not at all: it is built in a hidden folder beside it
 * (`.<name>.fetch-<pid>`, same file system) and renamed when every dataset is in. A folder left
 * by a killed fetch is removed by the next one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeDirsOfDeadProcesses } from '../tmp-dirs.ts';
import { readFetchManifest, type FetchManifest } from './manifest.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A fresh build folder for `out`, after removing those of dead fetches of the same folder. */
export function buildFolder(out: string): string {
  const parent = path.dirname(out);
  const prefix = `.${path.basename(out)}.fetch-`;
  fs.mkdirSync(parent, { recursive: true });
  removeDirsOfDeadProcesses(parent, (name) => (name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN));
  const dir = path.join(parent, `${prefix}${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  return dir;
}

/** Renames the complete build folder to its day folder's name. */
export function promote(build: string, out: string): void {
  fs.renameSync(build, out);
}

export function discard(build: string): void {
  fs.rmSync(build, { recursive: true, force: true });
}

export interface PreviousFetch {
  date: string;
  dir: string;
  manifest: FetchManifest;
}

/** The newest fetched day folder before `date` beside `out`; null when there is none. */
export function previousFetch(out: string, date: string): PreviousFetch | null {
  const parent = path.dirname(out);
  if (!fs.existsSync(parent)) return null;
  const days = fs
    .readdirSync(parent)
    .filter((n) => DAY.test(n) && n < date)
    .sort()
    .reverse();
  for (const day of days) {
    const dir = path.join(parent, day);
    const manifest = readFetchManifest(dir);
    if (manifest) return { date: day, dir, manifest };
  }
  return null;
}

/** The date before `date` (YYYY-MM-DD). */
export function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Hard-links `from` as `to`; false when the file system cannot (another device, no links), and
 * the caller keeps or fetches its own copy.
 */
export function linkFile(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (err) {
    if (['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'ENOENT'].includes((err as NodeJS.ErrnoException).code ?? '')) return false;
    throw err;
  }
}
