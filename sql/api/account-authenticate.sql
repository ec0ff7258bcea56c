-- The active account whose API key hashes to $1 (bytea). Its request is counted by server/usage.ts.
SELECT id, email, name, company, tier, rate_limit, is_active,
       password_hash IS NOT NULL AS has_password, created_at, api_key_hash
FROM accounts
WHERE api_key_hash = $1 AND is_active
