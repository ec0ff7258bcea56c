-- Creates account $1's webhook (url $2, sealed secret $3, enabled), or sets its url and enables
-- it, keeping the secret. $4 now. created: this statement inserted the row (xmax is 0 only for a
-- row version an INSERT wrote, not for one ON CONFLICT updated).
INSERT INTO webhooks AS h (account_id, url, enabled, secret_ciphertext, created_at, updated_at)
VALUES ($1, $2, true, $3, $4, $4)
ON CONFLICT (account_id) DO UPDATE SET url = EXCLUDED.url, enabled = true, updated_at = EXCLUDED.updated_at
RETURNING h.account_id, h.url, h.enabled, h.created_at, h.updated_at, (h.xmax = 0) AS created
