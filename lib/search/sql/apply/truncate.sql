-- Full rebuild: start from empty tables (cargo label bits are kept: they stay stable).
TRUNCATE carrier_search, search_postings, search_counts, search_counts_fleet, search_counts_auth,
  search_word_counts, search_terms, search_term_deletes
