-- The account of a normalised e-mail with its secrets, for login. $1 email
SELECT id, email, name, company, tier, rate_limit, is_active, password_hash IS NOT NULL AS has_password, created_at,
       password_hash, api_key_ciphertext
FROM accounts
WHERE email = $1
