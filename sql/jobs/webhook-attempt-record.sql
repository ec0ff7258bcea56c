-- Logs attempt $2 of delivery $1 (url $9) and, while the delivery is still open at attempt $2 - 1,
-- moves it to status $3 with the attempt's outcome ($4 status code, $5 error, $6 ms) and next
-- attempt time $7. $8 now. updated: whether the delivery row changed (a delivery dropped by
-- DELETE /v1/watchlist/webhook meanwhile stays failed and gets no retry).
WITH updated AS (
  UPDATE webhook_deliveries
  SET attempt = $2, status = $3, status_code = $4, error = $5, duration_ms = $6, next_attempt_at = $7, updated_at = $8
  WHERE id = $1 AND attempt = $2 - 1 AND status IN ('pending', 'retrying')
  RETURNING id
), logged AS (
  INSERT INTO webhook_delivery_attempts (delivery_id, attempt, url, status_code, error, duration_ms, attempted_at)
  VALUES ($1, $2, $9, $4, $5, $6, $8)
  ON CONFLICT (delivery_id, attempt) DO NOTHING
)
SELECT EXISTS (SELECT 1 FROM updated) AS updated
