-- The tables $1 and their indexes with their sizes, largest first: what a night's warm-up reads
-- (pipeline/warm-up.ts).
SELECT c.oid::regclass::text AS relation, pg_relation_size(c.oid) AS bytes
FROM pg_class c
WHERE c.oid = ANY ($1::regclass[])
   OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = ANY ($1::regclass[]))
ORDER BY bytes DESC
