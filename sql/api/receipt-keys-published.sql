-- Every signing key ever used, the current one first, then newest first: /.well-known/jwks.json.
SELECT kid, public_jwk, created_at, retired_at
FROM receipt_signing_keys
ORDER BY retired_at IS NOT NULL, created_at DESC, kid
