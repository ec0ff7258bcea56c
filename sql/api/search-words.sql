-- Each query word ($1) against the dictionary: carriers holding it as a word (exact_n, NULL when
-- no name has it) and holding a word starting with it (prefix_n; $2 holds each word's prefix end).
SELECT q.word,
  (SELECT t.n FROM search_terms t WHERE t.term = q.word) AS exact_n,
  (SELECT sum(w.n)::integer FROM search_word_counts w WHERE w.word = q.word AND NOT w.exact) AS prefix_n
FROM unnest($1::text[]) AS q(word)
