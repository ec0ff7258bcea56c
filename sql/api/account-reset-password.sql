-- Consumes reset token $1 (unused and unexpired at $3), sets password hash $2, replaces the API
-- key ($4 hash, $5 ciphertext) and retires the account's other outstanding tokens, in one
-- statement. No row: invalid, used or expired token.
-- The reset proves the e-mail, a sign-up does not: anyone could have signed up with this address
-- and kept the key, so the key that existed before the reset stops working at commit.
-- Two concurrent uses of one token: the second waits for the first's row lock, then finds used_at
-- set and matches nothing.
WITH consumed AS (
  UPDATE password_reset_tokens
  SET used_at = $3
  WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $3
  RETURNING account_id
), updated AS (
  UPDATE accounts a
  SET password_hash = $2, api_key_hash = $4, api_key_ciphertext = $5, updated_at = $3
  FROM consumed
  WHERE a.id = consumed.account_id
  RETURNING a.id
), retired AS (
  UPDATE password_reset_tokens t
  SET used_at = $3
  FROM consumed
  WHERE t.account_id = consumed.account_id AND t.used_at IS NULL AND t.token_hash <> $1
)
SELECT id FROM updated
