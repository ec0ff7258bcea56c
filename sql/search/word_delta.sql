-- Per (word, common prefix with the carrier's previous word, status, state, entity): carriers
-- added minus removed. A carrier's sorted words sharing a prefix p are adjacent, so exactly one
-- of them (the first) has a common prefix with its predecessor shorter than p: counting, for each
-- prefix length, only words whose lcp is shorter counts every carrier once per prefix.
CREATE TEMP TABLE search_word_delta ON COMMIT DROP AS
SELECT t.term, search_lcp(r.terms[t.ord - 1], t.term) AS lcp, r.active, r.state, r.entity, sum(r.sign)::integer AS n
FROM (
  SELECT terms, active, state, entity, -1 AS sign FROM search_old
  UNION ALL
  SELECT terms, active, state, entity, 1 FROM search_new
) r
CROSS JOIN LATERAL unnest(r.terms) WITH ORDINALITY AS t(term, ord)
GROUP BY 1, 2, 3, 4, 5
HAVING sum(r.sign) <> 0
