-- related, step 0 with identifiers kept: the run's related_idents table (idents) is a copy of the
-- previous run's (pipeline/carried-tables.ts). The rows of carriers that are gone, and of those whose
-- identifiers changed (related_source, normalised again by related_idents.sql), are deleted.
-- Vars: schema (r<run>), idents (the table), candidates (a query of the DOTs that may be gone:
-- every carrier of idents, or the run's snapshot_moved, which holds every carrier gone since).
CREATE OR REPLACE TEMP TABLE related_gone AS
SELECT c.dot_number FROM ({{candidates}}) c ANTI JOIN {{schema}}.snapshot s ON s.dot_number = c.dot_number;

DELETE FROM {{idents}}
WHERE dot_number IN (SELECT dot_number FROM related_source UNION ALL SELECT dot_number FROM related_gone);

DROP TABLE related_gone;
