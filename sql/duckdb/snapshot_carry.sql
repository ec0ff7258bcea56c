-- The snapshot stage with the previous run's tables carried over: {{file}} holds a copy of the
-- previous run's snapshot, policies and row hashes (pipeline/run-files.ts), and the temp tables
-- snapshot_new, policies_new and row_hashes_new this run's (snapshot.sql). The rows of carriers
-- whose hash moved (~1 % a night), or that are on one side only, are replaced; the others are
-- equal (the row hash covers every snapshot column and the policies). Vars: file (catalog).
CREATE OR REPLACE TEMP TABLE snapshot_moved AS
SELECT coalesce(n.dot_number, o.dot_number) AS dot_number
FROM temp.row_hashes_new n
FULL JOIN {{file}}.row_hashes o ON o.dot_number = n.dot_number
WHERE n.row_hash IS DISTINCT FROM o.row_hash;

DELETE FROM {{file}}.snapshot WHERE dot_number IN (SELECT dot_number FROM snapshot_moved);
INSERT INTO {{file}}.snapshot SELECT * FROM temp.snapshot_new WHERE dot_number IN (SELECT dot_number FROM snapshot_moved);
DELETE FROM {{file}}.policies WHERE dot_number IN (SELECT dot_number FROM snapshot_moved);
INSERT INTO {{file}}.policies SELECT * FROM temp.policies_new WHERE dot_number IN (SELECT dot_number FROM snapshot_moved);
DELETE FROM {{file}}.row_hashes WHERE dot_number IN (SELECT dot_number FROM snapshot_moved);
INSERT INTO {{file}}.row_hashes SELECT * FROM temp.row_hashes_new WHERE dot_number IN (SELECT dot_number FROM snapshot_moved);

DROP TABLE snapshot_moved;
DROP TABLE temp.snapshot_new;
DROP TABLE temp.policies_new;
DROP TABLE temp.row_hashes_new;
