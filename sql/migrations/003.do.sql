-- Accounts, their API key, password-reset tokens and daily request counters (DESIGN.md §4).
-- No secret is stored in plain text: passwords as bcrypt hashes; API keys as a SHA-256 hash (the
-- lookup) plus an AES-256-GCM copy under the server secret (login hands the current key back);
-- reset tokens as a SHA-256 hash. Times come from the application clock, never now().

CREATE TABLE accounts (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stored normalised (trimmed, lower case), so the unique constraint is case-insensitive.
  email              text NOT NULL UNIQUE CHECK (email <> '' AND email = lower(btrim(email))),
  -- NULL when not given at sign-up.
  name               text,
  company            text,
  -- NULL: the account has no password yet (has_password = false); forgot/reset sets one.
  password_hash      text,
  tier               text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'pro')),
  -- Requests per rate-limit window (a minute), copied from the tier so it can be raised per account.
  rate_limit         integer NOT NULL CHECK (rate_limit > 0),
  is_active          boolean NOT NULL DEFAULT true,
  -- Regeneration swaps both columns in one UPDATE: the old hash stops matching at commit.
  api_key_hash       bytea NOT NULL UNIQUE CHECK (octet_length(api_key_hash) = 32),
  api_key_ciphertext text NOT NULL,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL
);

CREATE TABLE password_reset_tokens (
  token_hash  bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  account_id  integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  -- Set when the token is consumed (or retired by another token's successful reset): single use.
  used_at     timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX password_reset_tokens_account ON password_reset_tokens (account_id);

-- Authenticated requests per account and UTC day (GET /v1/auth/me usage.requests_today).
CREATE TABLE account_daily_usage (
  account_id  integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  day         date NOT NULL,
  requests    integer NOT NULL CHECK (requests >= 0),
  PRIMARY KEY (account_id, day)
);

-- Watchlist size of an account (GET /v1/auth/me usage.watchlist_size). The watchlist migration,
-- which owns that table, replaces this body (CREATE OR REPLACE) with a count over it.
CREATE FUNCTION account_watchlist_size(account_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$ SELECT 0 $$;
