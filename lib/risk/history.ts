/**
 * What risk history compares (spec, risk-history rule 1): a row is written only when score,
 * grade, tier or the set of flag codes changed; component drift and message text do not count.
 */
import type { RiskScore } from './types.ts';

export interface RiskHistoryKey {
  score: number;
  grade: string;
  tier: string;
  /** Distinct flag codes, sorted by code (the history row's flag_codes). */
  flag_codes: string[];
}

/** @example historyKey(score) // { score: 94, grade: 'A', tier: 'LOW', flag_codes: ['LOW_BIPD'] } */
export function historyKey(score: Pick<RiskScore, 'score' | 'grade' | 'tier' | 'flags'>): RiskHistoryKey {
  const codes = [...new Set(score.flags.map((f) => f.code))].sort();
  return { score: score.score, grade: score.grade, tier: score.tier, flag_codes: codes };
}

/** True when `next` must be written after `previous` (always true for a carrier's first row). */
export function historyChanged(previous: RiskHistoryKey | null | undefined, next: RiskHistoryKey): boolean {
  if (!previous) return true;
  return (
    previous.score !== next.score ||
    previous.grade !== next.grade ||
    previous.tier !== next.tier ||
    previous.flag_codes.length !== next.flag_codes.length ||
    previous.flag_codes.some((c, i) => c !== next.flag_codes[i])
  );
}
