-- Where table $1 lives and its storage options (a copy in another schema takes them over).
SELECT n.nspname AS home, coalesce(c.reloptions, '{}') AS reloptions
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.oid = $1::regclass
