/** Risk: the score under caller thresholds (stateless) and the history of the nightly score. */
import { statement, type Pool } from '../../lib/postgres.ts';
import { InvalidPolicyError, mergePolicy, riskInputFromSnapshot, scoreCarrier } from '../../lib/risk/index.ts';
import type { ChameleonSignals, RiskPolicy, RiskScore, RiskSnapshotFields } from '../../lib/risk/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { notModified } from '../etag.ts';
import { clamped, clampOf } from '../number-params.ts';
import { bareNumber } from './carriers.ts';
import { bodyOf, pathOf, queryOf, type HandlerFactory, type JsonOf } from './types.ts';

/** `limit`: default 50, clamped to [1, 200], malformed → 50 (openapi.yaml x-clamp). */
const HISTORY_LIMIT = clampOf('getCarrierRiskHistory', 'limit');

/** The merged policy, or 400 INVALID_PARAM naming the offending field (spec rule 3). */
function policyOf(body: Parameters<typeof mergePolicy>[0]): RiskPolicy {
  try {
    return mergePolicy(body);
  } catch (err) {
    if (err instanceof InvalidPolicyError) throw badRequest(err.message);
    throw err;
  }
}

type SourceRow = RiskSnapshotFields & { chameleon_links: ChameleonSignals | null; batch_ts: Date };

/**
 * The score of a carrier under `policy`, recomputed from its source row — the snapshot columns
 * plus the nightly chameleon links — never from the cached score, as of the served run's batch
 * date like the nightly score (spec rules 1 and 5). null for an unknown DOT.
 * @example await scoreFromSource(pool, '12345', mergePolicy({ min_bipd: 1_000_000 }))
 */
export async function scoreFromSource(pool: Pool, dot: string, policy: RiskPolicy): Promise<{ dot_number: string; risk_score: RiskScore } | null> {
  const { rows } = await pool.query<SourceRow>(statement('api/risk-source', [dot]));
  const row = rows[0];
  if (!row) return null;
  return { dot_number: row.dot_number, risk_score: scoreCarrier(riskInputFromSnapshot(row, row.chameleon_links, row.batch_ts), policy) };
}

type HistoryData = JsonOf<'getCarrierRiskHistory', 200>['data'][number];
/** A row of api/risk-history.sql: the served run beside one history row (all NULL when none). */
type HistoryRow = Omit<HistoryData, 'dot_number' | 'etl_run_id' | 'computed_at'> & {
  served_run_id: number;
  etl_run_id: number | null;
  computed_at: Date;
};

export const riskHandlers: HandlerFactory = ({ pool }) => ({
  getCarrierRiskHistory: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'getCarrierRiskHistory').dot_number);
    const limit = clamped(queryOf(req, 'getCarrierRiskHistory').limit, HISTORY_LIMIT);
    const { rows } = await pool.query<HistoryRow>(statement('api/risk-history', [dot, limit]));
    // No served run yet: nothing to tag; a carrier without history (or an unknown DOT): data [].
    if (rows[0] && notModified(req, res, 'risk-history', rows[0].served_run_id, dot, limit)) return;
    const body: JsonOf<'getCarrierRiskHistory', 200> = {
      dot_number: dot,
      limit,
      data: rows
        .filter((r) => r.etl_run_id !== null)
        .map((r) => ({
          dot_number: dot,
          etl_run_id: r.etl_run_id!,
          computed_at: r.computed_at.toISOString(),
          score: r.score,
          grade: r.grade,
          tier: r.tier,
          flag_codes: r.flag_codes,
          components: r.components,
          flags: r.flags,
        })),
    };
    res.json(body);
  },

  scoreCarrierRisk: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'scoreCarrierRisk').dot_number);
    const policy = policyOf(bodyOf(req, 'scoreCarrierRisk'));
    const scored = await scoreFromSource(pool, dot, policy);
    if (!scored) throw notFound(`No carrier with USDOT number ${dot}`);
    const body: JsonOf<'scoreCarrierRisk', 200> = { dot_number: scored.dot_number, policy, risk_score: scored.risk_score };
    res.json(body);
  },
});
