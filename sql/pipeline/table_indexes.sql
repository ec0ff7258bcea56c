-- The indexes of table $1 with their definitions; a primary key or unique constraint's index
-- comes with the constraint's name and definition (it is dropped and added back as the constraint).
SELECT ci.relname AS index_name, pg_get_indexdef(i.indexrelid) AS index_def,
       c.conname AS constraint_name, pg_get_constraintdef(c.oid) AS constraint_def
FROM pg_index i
JOIN pg_class ci ON ci.oid = i.indexrelid
LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid AND c.contype IN ('p', 'u')
WHERE i.indrelid = $1::regclass
ORDER BY ci.relname
