/** Writes one day folder's data files: census via the census writer, the rest in one pass here. */
import path from 'node:path';
import { Out, type FileStat } from './csv.ts';
import type { CensusWriter } from './census-thread.ts';
import { carrierRow, writeAuthHist, writeInsurance, writeRevocations } from './write-lni.ts';
import { CRASH_HEADER, SMS_INSPECTION_HEADER, SMS_PASS_HEADER, passRow, writeCrashes, writeHazmatInspections } from './write-sms.ts';
import type { Pop } from './model.ts';

/** Writes the eight data files of `dir` for the state `p` on `day`; returns lines/bytes per file. */
export function writeDayFiles(
  p: Pop,
  dir: string,
  day: number,
  startDay: number,
  census: CensusWriter,
): Record<string, FileStat> {
  census.start(p, path.join(dir, 'census.csv'));
  const open = (name: string) => new Out(path.join(dir, name));
  const carrier = open('carrier.txt');
  const authhist = open('authhist.txt');
  const ins = open('actpendins.txt');
  const rev = open('revocation.txt');
  const pass = open('sms_ab_pass.csv');
  const hazmat = open('sms_inspection.csv');
  const crash = open('crash.csv');
  pass.line(SMS_PASS_HEADER);
  hazmat.line(SMS_INSPECTION_HEADER);
  crash.line(CRASH_HEADER);
  for (let s = 0; s < p.n; s++) {
    if (!p.alive[s]) continue;
    if (p.mc[s]) {
      carrier.line(carrierRow(p, s, day));
      writeAuthHist(authhist, p, s);
      writeInsurance(ins, p, s);
      writeRevocations(rev, p, s, day);
    }
    if (p.dI[s] > 0 || p.vI[s] > 0) pass.line(passRow(p, s));
    if (p.hI[s] > 0) writeHazmatInspections(hazmat, p, s, startDay);
    if (p.cr[s] > 0) writeCrashes(crash, p, s, startDay);
  }
  const stats: Record<string, FileStat> = {};
  for (const o of [carrier, authhist, ins, rev, pass, hazmat, crash]) {
    o.close();
    stats[path.basename(o.path)] = { rows: o.rows, bytes: o.bytes };
  }
  stats['census.csv'] = census.finish();
  return stats;
}
