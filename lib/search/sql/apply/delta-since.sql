-- Catch-up outside a load: carriers written by a run after $1 (the run the index reflects),
-- plus indexed carriers that are no longer in the registry.
INSERT INTO search_delta (dot_number)
SELECT c.dot_number FROM carriers c WHERE c.etl_run_id > $1
UNION
SELECT s.id::text FROM carrier_search s
WHERE NOT EXISTS (SELECT 1 FROM carriers c WHERE c.dot_number = s.id::text)
