-- The foreign keys of table $1, in the shape of table_indexes.sql (a constraint, no index of its
-- own): dropped for a bulk write into the empty table and added back after it.
SELECT c.conname AS index_name, '' AS index_def, c.conname AS constraint_name, pg_get_constraintdef(c.oid) AS constraint_def
FROM pg_constraint c
WHERE c.conrelid = $1::regclass AND c.contype = 'f'
ORDER BY c.conname
