-- A carrier whose searchable columns did not change (e.g. only its insurance did) needs no work.
CREATE TEMP TABLE search_same ON COMMIT DROP AS
SELECT o.id FROM search_old o JOIN search_new n ON n.id = o.id
WHERE (o.*)::text = (n.*)::text;
DELETE FROM search_old WHERE id IN (SELECT id FROM search_same);
DELETE FROM search_new WHERE id IN (SELECT id FROM search_same);
ANALYZE search_old;
ANALYZE search_new;
