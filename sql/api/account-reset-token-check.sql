-- Whether reset token $1 (hash) is unused and unexpired at $2: checked before any bcrypt work, so
-- a guessed token costs the server one index lookup, not a password hash. The consuming UPDATE
-- (account-reset-password.sql) checks again: this answer only decides whether to hash at all.
SELECT 1 AS usable
FROM password_reset_tokens
WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
