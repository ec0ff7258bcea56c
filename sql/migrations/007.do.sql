-- Watchlists, webhooks and their deliveries (issue 8). Times come from the application clock.

-- One row per watched carrier of an account. A DOT can only be added while it is in `carriers`;
-- the entry stays when the carrier later leaves the registry (the list shows '' for its fields).
CREATE TABLE watchlist_entries (
  account_id  integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  dot_number  text NOT NULL CHECK (dot_number ~ '^[1-9][0-9]*$'),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (account_id, dot_number)
);
-- The notify fan-out joins a run's changed DOTs to the accounts watching them.
CREATE INDEX watchlist_entries_dot_idx ON watchlist_entries (dot_number);
-- GET /v1/watchlist: most recently added first.
CREATE INDEX watchlist_entries_listing_idx ON watchlist_entries (account_id, created_at DESC, dot_number);

-- 003 left a placeholder body; the size now counts the entries ($1: a column named account_id
-- would win over the parameter name inside a SQL function).
CREATE OR REPLACE FUNCTION account_watchlist_size(account_id integer) RETURNS integer
LANGUAGE sql STABLE AS $$ SELECT count(*)::integer FROM watchlist_entries w WHERE w.account_id = $1 $$;

-- One webhook per account. DELETE only disables it, so the row (and its secret) lives as long as
-- the account. The secret must be readable to sign each delivery: it is kept AES-256-GCM sealed
-- under the server secret (lib/secrets.ts, purpose 'webhook-secret'), never in plain text.
CREATE TABLE webhooks (
  account_id        integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  url               text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2048),
  enabled           boolean NOT NULL,
  secret_ciphertext text NOT NULL,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);

-- One row per event delivery (a watchlist.changes event of one run, or one test); retries update
-- the row, and every attempt is also logged in webhook_delivery_attempts. `payload` holds the
-- exact body bytes: every attempt sends the same body (receivers verify the signature over it).
-- etl_run_id has no foreign key: the log outlives whatever happens to a run row.
CREATE TABLE webhook_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id      integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  event           text NOT NULL CHECK (event IN ('watchlist.changes', 'watchlist.test')),
  etl_run_id      integer,
  payload         text NOT NULL,
  -- Attempts made so far: the first try and at most three retries.
  attempt         smallint NOT NULL DEFAULT 0 CHECK (attempt BETWEEN 0 AND 4),
  status          text NOT NULL CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed')),
  -- Of the last attempt; status_code NULL when the receiver did not answer.
  status_code     integer,
  error           text,
  duration_ms     integer CHECK (duration_ms >= 0),
  next_attempt_at timestamptz,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  CHECK ((event = 'watchlist.changes') = (etl_run_id IS NOT NULL)),
  CHECK ((status = 'retrying') = (next_attempt_at IS NOT NULL))
);
-- One watchlist.changes delivery per account and run, however often the fan-out runs.
CREATE UNIQUE INDEX webhook_deliveries_run_idx ON webhook_deliveries (account_id, etl_run_id)
  WHERE event = 'watchlist.changes';
-- GET /v1/watchlist/webhook/deliveries: newest first.
CREATE INDEX webhook_deliveries_listing_idx ON webhook_deliveries (account_id, created_at DESC, id DESC);
-- DELETE /v1/watchlist/webhook drops the account's pending retries.
CREATE INDEX webhook_deliveries_open_idx ON webhook_deliveries (account_id) WHERE status IN ('pending', 'retrying');

CREATE TABLE webhook_delivery_attempts (
  delivery_id  bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt      smallint NOT NULL CHECK (attempt BETWEEN 1 AND 4),
  url          text NOT NULL,
  status_code  integer,
  error        text,
  duration_ms  integer NOT NULL CHECK (duration_ms >= 0),
  attempted_at timestamptz NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);

-- One row per ETL run whose watchlist notifications were fanned out, written in the same
-- transaction as the deliveries and their jobs: a repeated fan-out of a run is a no-op.
CREATE TABLE watchlist_notifications (
  etl_run_id    integer PRIMARY KEY,
  accounts      integer NOT NULL,
  deliveries    integer NOT NULL,
  digests       integer NOT NULL,
  fanned_out_at timestamptz NOT NULL
);
