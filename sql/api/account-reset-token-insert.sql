-- Issues a reset token for the account of e-mail $1 (no row when there is none) and drops that
-- account's used and expired tokens. $1 email, $2 token hash, $3 now, $4 validity in seconds
WITH account AS (
  SELECT id, email, name FROM accounts WHERE email = $1
), pruned AS (
  DELETE FROM password_reset_tokens t
  USING account
  WHERE t.account_id = account.id AND (t.used_at IS NOT NULL OR t.expires_at <= $3)
), issued AS (
  INSERT INTO password_reset_tokens (token_hash, account_id, created_at, expires_at)
  SELECT $2, id, $3, $3 + make_interval(secs => $4) FROM account
  RETURNING account_id
)
SELECT account.id, account.email, account.name FROM account JOIN issued ON issued.account_id = account.id
