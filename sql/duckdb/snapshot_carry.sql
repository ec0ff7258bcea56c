-- The snapshot stage with the previous run's tables carried over: file holds a copy of the
-- previous run's snapshot, policies, row hashes and policy events (pipeline/carried-tables.ts), and
-- the temp tables snapshot_new, policies_new, row_hashes_new and policy_events_new this run's
-- (snapshot.sql). The rows of the carriers in moved are replaced: those whose row hash moved
-- (~1 % a night) or that are on one side only, when the temp tables hold every carrier; the
-- input delta's carriers, when they hold only those. The moved carriers are kept with the run
-- (snapshot_moved, with snapshot_carried: the run the others' rows are the same as), so the
-- related and score stages look at those only. Vars: schema (r<run>), file (catalog), moved (a
-- query of dot_number), events (which policy events are replaced: TRUE, or those of the moved
-- carriers), from_run (the previous run's id).
CREATE OR REPLACE TABLE {{schema}}.snapshot_moved AS {{moved}};
CREATE OR REPLACE TABLE {{schema}}.snapshot_carried AS SELECT {{from_run}} AS from_run;

DELETE FROM {{file}}.snapshot WHERE dot_number IN (SELECT dot_number FROM {{schema}}.snapshot_moved);
INSERT INTO {{file}}.snapshot SELECT * FROM temp.snapshot_new WHERE dot_number IN (SELECT dot_number FROM {{schema}}.snapshot_moved);
DELETE FROM {{file}}.policies WHERE dot_number IN (SELECT dot_number FROM {{schema}}.snapshot_moved);
INSERT INTO {{file}}.policies SELECT * FROM temp.policies_new WHERE dot_number IN (SELECT dot_number FROM {{schema}}.snapshot_moved);
DELETE FROM {{file}}.row_hashes WHERE dot_number IN (SELECT dot_number FROM {{schema}}.snapshot_moved);
INSERT INTO {{file}}.row_hashes SELECT * FROM temp.row_hashes_new WHERE dot_number IN (SELECT dot_number FROM {{schema}}.snapshot_moved);
-- A policy starting after the batch date moves no row today: the events are replaced by scope.
DELETE FROM {{file}}.policy_events WHERE {{events}};
INSERT INTO {{file}}.policy_events SELECT * FROM temp.policy_events_new;

DROP TABLE temp.snapshot_new;
DROP TABLE temp.policies_new;
DROP TABLE temp.row_hashes_new;
DROP TABLE temp.policy_events_new;
