-- Replace the carriers' rows, and the postings of those whose posting columns changed. The old
-- entries are deleted through the indexes (the caller turns hash and merge joins off for this
-- file: a few thousand lookups, not a scan of millions of rows); search_posting_rows holds them.
DELETE FROM search_postings p
USING search_posting_rows x
WHERE p.term = x.term AND p.active = x.active AND p.name = x.name AND p.id = x.id;
DELETE FROM carrier_search s USING search_old o WHERE s.id = o.id;
