-- Replaces account $1's webhook secret with sealed secret $2 (enabled unchanged). $3 now.
UPDATE webhooks SET secret_ciphertext = $2, updated_at = $3
WHERE account_id = $1
RETURNING account_id, url, enabled, created_at, updated_at
