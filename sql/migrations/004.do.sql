-- Risk score (docs/risk-model.md), related companies and risk history. Written by the pipeline's
-- related and score stages through the risk load hook (pipeline/stages/score.ts), inside each
-- run's load transaction.

-- The default-policy score of the served run (RiskScore JSON, cached for GET /v1/carriers/{dot}),
-- the related companies of the full profile (RelatedCompany[], at most 20, revoked or inactive
-- first) and the chameleon links the score was computed with ({links: [...]}, NULL when none):
-- POST /risk-score recomputes from the snapshot columns plus these links.
ALTER TABLE carriers
  ADD COLUMN risk_score jsonb,
  ADD COLUMN related_companies jsonb,
  ADD COLUMN chameleon_links jsonb;

-- One row per carrier and run in which score, grade, tier or the flag set changed against the
-- carrier's previous row (component drift alone writes nothing).
CREATE TABLE risk_history (
  dot_number  text NOT NULL,
  etl_run_id  integer NOT NULL REFERENCES etl_runs (etl_run_id) ON DELETE CASCADE,
  -- The run's batch_ts, shared by every row of the run.
  computed_at timestamptz NOT NULL,
  score       smallint NOT NULL CHECK (score BETWEEN 0 AND 100),
  grade       text NOT NULL,
  tier        text NOT NULL,
  -- Distinct flag codes, sorted ascending.
  flag_codes  text[] NOT NULL,
  components  jsonb NOT NULL,
  flags       jsonb NOT NULL,
  PRIMARY KEY (dot_number, etl_run_id)
);
-- GET /v1/carriers/{dot}/risk-history (newest first) and the previous-row check of the load.
CREATE INDEX risk_history_dot_time_idx ON risk_history (dot_number, computed_at DESC);
-- A rerun of a run's load deletes that run's rows first.
CREATE INDEX risk_history_run_idx ON risk_history (etl_run_id);

-- Rows per run, kept by the same hook in the same transaction: GET /v1/meta reads the history's
-- horizon and size from here instead of counting millions of rows.
CREATE TABLE risk_history_runs (
  etl_run_id  integer PRIMARY KEY REFERENCES etl_runs (etl_run_id) ON DELETE CASCADE,
  computed_at timestamptz NOT NULL,
  rows        integer NOT NULL CHECK (rows >= 0)
);
