/** Grade letter and tier word of an overall score (bands in thresholds.ts). */
import { GRADE_BANDS } from './thresholds.ts';
import type { Grade, RiskTier } from './types.ts';

/**
 * @example gradeOf(85) // { grade: 'A', tier: 'LOW' }
 * @example gradeOf(39) // { grade: 'F', tier: 'SEVERE' }
 */
export function gradeOf(score: number): { grade: Grade; tier: RiskTier } {
  const band = GRADE_BANDS.find((b) => score >= b.min) ?? GRADE_BANDS[GRADE_BANDS.length - 1];
  return { grade: band.grade, tier: band.tier };
}
