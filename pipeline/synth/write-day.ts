/**
 * Writes one day folder's data files, each named `<dataset-id>.csv` as the fetch names them: the
 * census via the census writer (a second thread at scale), the frozen legacy archives (the first
 * day's files, hard-linked into later days, as a fetch keeps an unchanged download), the Motus sets
 * (full on the first day, daily differences after) and the SMS files in one pass here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Out, type FileStat } from './csv.ts';
import type { CensusWriter } from './census-thread.ts';
import { DATASET, LEGACY_FILES } from './published-columns.ts';
import { operationOf } from './write-census.ts';
import { writeMotusDiff, writeMotusFull } from './write-motus.ts';
import { SMS_CRASH_HEADER, SMS_INSPECTION_HEADER, SMS_PASS_HEADER, SMS_PASS_PROPERTY_HEADER, passRows, writeCrashes, writeHazmatInspections } from './write-sms.ts';
import type { Pop } from './model.ts';

export interface DayFiles {
  files: Record<string, FileStat>;
  /** Motus deletion rows per daily-difference file (none on the first day). */
  motus_deletions: Record<string, number>;
}

/** Links the first day's legacy archives into `dir` (copies where links are not possible). */
export function linkLegacyArchives(firstDir: string, dir: string): void {
  for (const name of LEGACY_FILES) {
    const from = path.join(firstDir, name);
    const to = path.join(dir, name);
    fs.rmSync(to, { force: true });
    try {
      fs.linkSync(from, to);
    } catch {
      fs.copyFileSync(from, to);
    }
  }
}

/**
 * Writes the census, Motus and SMS files of `dir` for the state `p` on `day`. `prev` is the state
 * of the day before (null on the first day: the Motus full sets are written instead of differences).
 */
export function writeDayFiles(
  p: Pop,
  prev: Pop | null,
  dir: string,
  day: number,
  startDay: number,
  cutover: number,
  sharedMc: ReadonlySet<number>,
  census: CensusWriter,
): DayFiles {
  census.start(p, path.join(dir, `${DATASET.census}.csv`));
  const open = (id: string, header: string) => {
    const o = new Out(path.join(dir, `${id}.csv`));
    o.line(header);
    return o;
  };
  const property = { AB: open(DATASET.smsAbPassProperty, SMS_PASS_PROPERTY_HEADER), C: open(DATASET.smsCPassProperty, SMS_PASS_PROPERTY_HEADER) };
  const pass = { AB: open(DATASET.smsAbPass, SMS_PASS_HEADER), C: open(DATASET.smsCPass, SMS_PASS_HEADER) };
  const hazmat = open(DATASET.smsInspection, SMS_INSPECTION_HEADER);
  const crash = open(DATASET.smsCrash, SMS_CRASH_HEADER);
  for (let s = 0; s < p.n; s++) {
    if (!p.alive[s]) continue;
    if (p.dI[s] > 0 || p.vI[s] > 0) {
      const set = operationOf(p, s) === 'C' ? 'C' : 'AB';
      const [propertyRow, passRow] = passRows(p, s);
      property[set].line(propertyRow);
      if (passRow) pass[set].line(passRow);
    }
    if (p.hI[s] > 0) writeHazmatInspections(hazmat, p, s, startDay);
    if (p.cr[s] > 0) writeCrashes(crash, p, s, startDay);
  }
  const files: Record<string, FileStat> = {};
  for (const o of [property.AB, property.C, pass.AB, pass.C, hazmat, crash]) {
    o.close();
    files[path.basename(o.path)] = { rows: o.rows, bytes: o.bytes };
  }
  let motusDeletions: Record<string, number> = {};
  if (prev) {
    const diff = writeMotusDiff(prev, p, dir, day, sharedMc);
    Object.assign(files, diff.files);
    motusDeletions = diff.deletions;
  } else Object.assign(files, writeMotusFull(p, dir, cutover, day));
  files[`${DATASET.census}.csv`] = census.finish();
  return { files, motus_deletions: motusDeletions };
}
