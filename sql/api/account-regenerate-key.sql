-- Replaces the API key in one UPDATE, only while $2 is still the current key: the old hash stops
-- matching at commit, and of two concurrent regenerations with the same key only one succeeds.
-- $1 account id, $2 current key hash, $3 new key hash, $4 new key ciphertext, $5 now
UPDATE accounts
SET api_key_hash = $3, api_key_ciphertext = $4, updated_at = $5
WHERE id = $1 AND api_key_hash = $2 AND is_active
RETURNING id
