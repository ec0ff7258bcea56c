-- Creates account $1's webhook (url $2, sealed secret $3, enabled), or sets its url and enables
-- it. An enabled webhook keeps its secret; a disabled one (DELETE) is created anew: it takes the
-- new secret $3, which the caller then shows once. $4 now.
-- secret_shown: the row now holds $3, i.e. this statement inserted it or re-enabled it (a sealed
-- secret carries a random IV, so no other row can hold the same text).
INSERT INTO webhooks AS h (account_id, url, enabled, secret_ciphertext, created_at, updated_at)
VALUES ($1, $2, true, $3, $4, $4)
ON CONFLICT (account_id) DO UPDATE SET
  url = EXCLUDED.url,
  enabled = true,
  secret_ciphertext = CASE WHEN h.enabled THEN h.secret_ciphertext ELSE EXCLUDED.secret_ciphertext END,
  updated_at = EXCLUDED.updated_at
RETURNING h.account_id, h.url, h.enabled, h.created_at, h.updated_at, (h.secret_ciphertext = $3) AS secret_shown
