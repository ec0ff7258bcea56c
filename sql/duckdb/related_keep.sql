-- related, step 0 with identifiers kept: the run's related_idents table (idents) is a copy of the
-- previous run's (pipeline/run-files.ts). The rows of carriers that are gone, and of those whose
-- identifiers changed (related_source, normalised again by related_idents.sql), are deleted.
-- Vars: schema (r<run>), idents (the table).
DELETE FROM {{idents}} i
WHERE EXISTS (SELECT 1 FROM related_source c WHERE c.dot_number = i.dot_number)
   OR NOT EXISTS (SELECT 1 FROM {{schema}}.snapshot s WHERE s.dot_number = i.dot_number);
