-- Disables account $1's webhook (idempotent: updated_at moves only when it was enabled) and drops
-- its pending and retrying watchlist.changes deliveries (marked failed). $2 now.
WITH hook AS (
  UPDATE webhooks
  SET enabled = false, updated_at = CASE WHEN enabled THEN $2 ELSE updated_at END
  WHERE account_id = $1
  RETURNING account_id, url, enabled, created_at, updated_at
), dropped AS (
  UPDATE webhook_deliveries
  SET status = 'failed', next_attempt_at = NULL, error = 'webhook disabled: pending retries dropped', updated_at = $2
  WHERE account_id = $1 AND status IN ('pending', 'retrying') AND event = 'watchlist.changes'
    AND EXISTS (SELECT 1 FROM hook)
  RETURNING 1
)
SELECT hook.*, (SELECT count(*)::integer FROM dropped) AS dropped FROM hook
