-- A new current signing key. Nothing when another current key exists (a concurrent first use, or
-- a rotation that retired none): the caller reads the current key again. $1 kid, $2 public JWK,
-- $3 sealed private key, $4 created_at
INSERT INTO receipt_signing_keys (kid, public_jwk, private_key_sealed, created_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING
RETURNING kid
