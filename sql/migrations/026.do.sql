-- Every attempt at a day is a run of its own: a failed run keeps its row, error and stage
-- timings, and a retry of the day gets a new run id. At most one run of a day is not failed.
ALTER TABLE etl_runs DROP CONSTRAINT etl_runs_batch_ts_key;
CREATE UNIQUE INDEX etl_runs_batch_live_idx ON etl_runs (batch_ts) WHERE status <> 'failed';
CREATE INDEX etl_runs_batch_idx ON etl_runs (batch_ts, etl_run_id);

-- Rows of a night's files that failed validation (pipeline/ingest/scan.ts): left out of the run
-- and kept here with where they are and why. A run stops when a file has more than
-- INGEST_MAX_BAD_ROWS of them.
CREATE TABLE etl_quarantine (
  etl_run_id integer NOT NULL REFERENCES etl_runs ON DELETE CASCADE,
  -- The file as named in the day folder, and the dataset it is (its id, or its layout when the
  -- name does not say).
  file       text NOT NULL,
  dataset    text NOT NULL,
  -- The physical line the row starts on, in that run's file.
  line       integer NOT NULL,
  reason     text NOT NULL,
  raw        text NOT NULL
);
CREATE INDEX etl_quarantine_run_idx ON etl_quarantine (etl_run_id, file, line);
