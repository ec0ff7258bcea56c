-- related, step 0 without a previous run to keep identifiers from: normalise every carrier.
-- Vars: schema (r<run>).
CREATE OR REPLACE TEMP VIEW related_source AS SELECT * FROM {{schema}}.snapshot;
