-- Each query word ($1) against the dictionary: carriers holding it as a word (exact_n, NULL when
-- no name has it), holding a word starting with it (prefix_n, and of them the ACTIVE ones:
-- prefix_active_n, so that a one-word search filtered by status only needs no count statement)
-- and the dictionary words of that prefix, these only for the words with a prefix end in $2 (the
-- last word); and the carriers indexed, estimated. (The word is looked up as a range on the
-- primary key: for `=` the planner took the trigram GiST index that migration 013 dropped, many
-- times slower than the key.)
SELECT q.word,
  (SELECT t.n FROM search_terms t WHERE t.term >= q.word AND t.term <= q.word) AS exact_n,
  p.prefix_n, p.prefix_active_n,
  CASE WHEN q.next IS NOT NULL THEN
    ARRAY(SELECT t.term FROM search_terms t WHERE t.term >= q.word AND t.term < q.next ORDER BY t.term)
  END AS terms,
  -- The planner's row estimate of the index (no scan): to guess how the words intersect.
  (SELECT c.reltuples FROM pg_class c WHERE c.oid = 'carrier_search'::regclass) AS carriers
FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(word, next, i)
CROSS JOIN LATERAL (
  SELECT sum(w.n)::integer AS prefix_n, coalesce(sum(w.n) FILTER (WHERE w.active), 0)::integer AS prefix_active_n
  FROM search_word_counts w
  WHERE q.next IS NOT NULL AND w.word = q.word AND NOT w.exact
) p
ORDER BY q.i
