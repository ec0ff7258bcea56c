/**
 * The score stage's unit of work: one batch of score_input.sql rows, column by column (how they
 * leave DuckDB and cross to a worker thread cheaply), scored by lib/risk at the run's batch date.
 */
import fs from 'node:fs';
import { DEFAULT_POLICY, historyKey, riskInputFromSnapshot, scoreCarrier } from '../../lib/risk/index.ts';
import { isoOfEpochDay } from '../../lib/risk/dates.ts';
import { withChangeDate } from '../../lib/risk/horizon.ts';
import type { ChameleonSignals, RiskSnapshotFields } from '../../lib/risk/index.ts';

export interface ScoreBatch {
  /** Column name → values, all of length n (score_input.sql's columns). */
  cols: Record<string, unknown[]>;
  n: number;
  /** 'YYYY-MM-DD': the run's batch date, the as_of of every score. */
  batchDate: string;
}

/** One row per carrier, in the order of the <schema>.scores table. */
export interface ScoredBatch {
  dot: string[];
  score: number[];
  grade: string[];
  tier: string[];
  /** Sorted flag codes as a PostgreSQL text[] literal (codes are A-Z and _: no quoting). */
  flagCodes: string[];
  /** The RiskScore as JSON. */
  json: string[];
  /** score_input.sql's hash of the inputs, passed through (digits). */
  inputHash: string[];
  /** 'YYYY-MM-DD' from which the same inputs may score differently; null: never (lib/risk/horizon.ts). */
  validUntil: (string | null)[];
}

export function scoreColumns({ cols, n, batchDate }: ScoreBatch): ScoredBatch {
  const names = Object.keys(cols);
  const links = cols.chameleon_links as (string | null)[];
  const hashes = cols.input_hash as (bigint | number)[];
  const out: ScoredBatch = { dot: [], score: [], grade: [], tier: [], flagCodes: [], json: [], inputHash: [], validUntil: [] };
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = {};
    for (const name of names) row[name] = cols[name][i];
    const chameleon = links[i] ? (JSON.parse(links[i]!) as ChameleonSignals) : null;
    const input = riskInputFromSnapshot(row as unknown as RiskSnapshotFields, chameleon, batchDate);
    const { value: score, changesOn } = withChangeDate(() => scoreCarrier(input, DEFAULT_POLICY));
    out.dot.push(row.dot_number as string);
    out.score.push(score.score);
    out.grade.push(score.grade);
    out.tier.push(score.tier);
    out.flagCodes.push(`{${historyKey(score).flag_codes.join(',')}}`);
    out.json.push(JSON.stringify(score));
    out.inputHash.push(String(hashes[i]));
    out.validUntil.push(changesOn === null ? null : isoOfEpochDay(changesOn));
  }
  return out;
}

/**
 * Writes a scored batch as a tab-separated part file of <schema>.scores (score.ts loads every part
 * with one read_csv). No field can hold a tab or a line break: JSON.stringify escapes them inside
 * strings, and the other fields are DOT digits, grades, tiers and flag codes (A-Z, _).
 */
export function writeScoredPart(r: ScoredBatch, file: string): void {
  const lines: string[] = [];
  for (let i = 0; i < r.dot.length; i++) {
    const fields = [r.dot[i], String(r.score[i]), r.grade[i], r.tier[i], r.flagCodes[i]];
    if (fields.some((f) => /[\t\n\r]/.test(f))) throw new Error(`score: carrier ${r.dot[i]} has a tab or line break in a scores field`);
    lines.push(`${fields.join('\t')}\t${r.json[i]}\t${r.inputHash[i]}\t${r.validUntil[i] ?? '\\N'}\n`);
  }
  fs.writeFileSync(file, lines.join(''));
}
