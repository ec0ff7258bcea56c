-- The postings entries a refresh removes: those of the carriers whose posting columns changed.
CREATE TEMP TABLE search_posting_rows ON COMMIT DROP AS
SELECT t.term, o.active, o.name, o.id
FROM search_old o
JOIN search_posting_ids c ON c.id = o.id
CROSS JOIN LATERAL unnest(o.terms) AS t(term);
ANALYZE search_posting_rows;
