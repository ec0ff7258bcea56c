-- Carriers whose served row must change: new or different snapshot/policies (op insert/update),
-- or gone (op delete). {{base}} is the run being served now, {{schema}} the run being loaded.
CREATE OR REPLACE TABLE {{schema}}.load_delta AS
SELECT n.dot_number, CASE WHEN o.dot_number IS NULL THEN 'insert' ELSE 'update' END AS op
FROM {{schema}}.row_hashes n
LEFT JOIN {{base}}.row_hashes o ON o.dot_number = n.dot_number
WHERE o.row_hash IS DISTINCT FROM n.row_hash
UNION ALL
SELECT o.dot_number, 'delete'
FROM {{base}}.row_hashes o
ANTI JOIN {{schema}}.row_hashes n ON n.dot_number = o.dot_number;
