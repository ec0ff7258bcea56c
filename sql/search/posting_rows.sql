-- The postings entries a refresh removes: those of the carriers whose posting columns changed,
-- with their lcp (for search_word_buckets).
CREATE TEMP TABLE search_posting_rows ON COMMIT DROP AS
SELECT t.term, o.active, o.name, o.id, search_lcp(o.terms[t.ord - 1], t.term) AS lcp
FROM search_old o
JOIN search_posting_ids c ON c.id = o.id
CROSS JOIN LATERAL unnest(o.terms) WITH ORDINALITY AS t(term, ord);
ANALYZE search_posting_rows;
