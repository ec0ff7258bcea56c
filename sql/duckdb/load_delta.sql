-- Carriers whose served row must change: new or different snapshot/policies (op insert/update),
-- or gone (op delete). {{base}} is the run being served now, {{schema}} the run being loaded.
-- When this run's snapshot carried base's rows over, only its moved carriers can differ (only: a
-- WHERE clause on dot_number, else ''), and only those are compared.
CREATE OR REPLACE TABLE {{schema}}.load_delta AS
SELECT n.dot_number, CASE WHEN o.dot_number IS NULL THEN 'insert' ELSE 'update' END AS op
FROM (SELECT * FROM {{schema}}.row_hashes {{only}}) n
LEFT JOIN (SELECT * FROM {{base}}.row_hashes {{only}}) o ON o.dot_number = n.dot_number
WHERE o.row_hash IS DISTINCT FROM n.row_hash
UNION ALL
SELECT o.dot_number, 'delete'
FROM (SELECT * FROM {{base}}.row_hashes {{only}}) o
ANTI JOIN (SELECT * FROM {{schema}}.row_hashes {{only}}) n ON n.dot_number = o.dot_number;
