-- Account $1's webhook configuration (never the secret).
SELECT account_id, url, enabled, created_at, updated_at FROM webhooks WHERE account_id = $1
