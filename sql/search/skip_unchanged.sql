-- A carrier whose searchable columns did not change (e.g. only its insurance did) needs no work;
-- its postings need rewriting only when their columns changed (search_posting_ids).
CREATE TEMP TABLE search_same ON COMMIT DROP AS
SELECT o.id FROM search_old o JOIN search_new n ON n.id = o.id
WHERE (o.*)::text = (n.*)::text;
DELETE FROM search_old WHERE id IN (SELECT id FROM search_same);
DELETE FROM search_new WHERE id IN (SELECT id FROM search_same);
CREATE TEMP TABLE search_posting_ids ON COMMIT DROP AS
SELECT coalesce(o.id, n.id) AS id
FROM search_old o FULL JOIN search_new n ON n.id = o.id
WHERE o.id IS NULL OR n.id IS NULL
   OR (o.terms, o.active, o.name, o.state, o.entity, o.cargo_bits, o.power_units, o.auth_since)
      IS DISTINCT FROM (n.terms, n.active, n.name, n.state, n.entity, n.cargo_bits, n.power_units, n.auth_since);
ANALYZE search_old;
ANALYZE search_new;
ANALYZE search_posting_ids;
