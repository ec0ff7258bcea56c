-- Ends open delivery $1 without an attempt (its webhook was disabled). $2 reason, $3 now.
UPDATE webhook_deliveries
SET status = 'failed', next_attempt_at = NULL, error = $2, updated_at = $3
WHERE id = $1 AND status IN ('pending', 'retrying')
