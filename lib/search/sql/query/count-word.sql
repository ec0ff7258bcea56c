-- Exact matches of a one-word search with only status, state(s) and entity type filters: carriers
-- holding the word ($2 exact) or a word starting with it (prefix), from search_word_counts.
SELECT CASE WHEN $6::boolean THEN w.state END AS state, sum(w.n)::integer AS n
FROM search_word_counts w
WHERE w.word = $1 AND w.exact = $2
  AND ($3::boolean IS NULL OR w.active = $3)
  AND ($4::text[] IS NULL OR w.state = ANY ($4))
  AND ($5::smallint IS NULL OR w.entity = $5)
GROUP BY 1
