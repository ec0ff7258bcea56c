-- Creates an account; no row when the e-mail is taken (→ 409 ACCOUNT_EXISTS).
-- $1 email (normalised), $2 name, $3 company, $4 bcrypt hash or NULL, $5 tier, $6 rate_limit,
-- $7 API key hash, $8 API key ciphertext, $9 now
INSERT INTO accounts (email, name, company, password_hash, tier, rate_limit, api_key_hash, api_key_ciphertext, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
ON CONFLICT (email) DO NOTHING
RETURNING id, email, name, company, tier, rate_limit, is_active, password_hash IS NOT NULL AS has_password, created_at
