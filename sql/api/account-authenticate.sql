-- The active account whose API key hashes to $1, counting this request in its usage of UTC day $2.
-- $1 bytea key hash, $2 date
WITH account AS (
  SELECT id, email, name, company, tier, rate_limit, is_active,
         password_hash IS NOT NULL AS has_password, created_at, api_key_hash
  FROM accounts
  WHERE api_key_hash = $1 AND is_active
), counted AS (
  INSERT INTO account_daily_usage (account_id, day, requests)
  SELECT id, $2::date, 1 FROM account
  ON CONFLICT (account_id, day) DO UPDATE SET requests = account_daily_usage.requests + 1
)
SELECT * FROM account
