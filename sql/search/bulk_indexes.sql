-- Secondary indexes of the two big tables: a full rebuild drops them and creates them again
-- after loading, which is several times faster than maintaining them row by row.
SELECT i.indexname, i.indexdef
FROM pg_indexes i
WHERE i.schemaname = current_schema()
  AND i.tablename IN ('carrier_search', 'search_postings')
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
ORDER BY i.tablename, i.indexname
