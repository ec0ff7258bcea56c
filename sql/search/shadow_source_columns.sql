-- The columns of carriers that the view search_source reads: all a search rebuild needs of a
-- carrier (lib/search/pg-shadow.ts copies only these), in table order.
SELECT a.attname AS name
FROM pg_rewrite r
JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
WHERE r.ev_class = 'search_source'::regclass AND d.refobjid = 'carriers'::regclass
GROUP BY a.attname, a.attnum
ORDER BY a.attnum
