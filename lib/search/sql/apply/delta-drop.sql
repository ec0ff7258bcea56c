-- A refresh's tables (search_delta and the delta's changes), once applied: another refresh in the
-- same transaction makes them again.
DROP TABLE search_delta, delta_carrier_search, delta_search_postings, delta_search_counts, delta_search_counts_fleet,
  delta_search_counts_auth, delta_search_word_counts, delta_search_terms
