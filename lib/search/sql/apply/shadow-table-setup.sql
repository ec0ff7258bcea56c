-- The storage options of table $1 (a copy in another schema takes them over).
SELECT coalesce(c.reloptions, '{}') AS reloptions FROM pg_class c WHERE c.oid = $1::regclass
