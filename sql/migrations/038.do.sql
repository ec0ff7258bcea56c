-- The search tables are derived in one place, the build's DuckDB (lib/search/sql/derive/), for a
-- full rebuild and for each nightly delta alike; PostgreSQL only applies and serves them. Its own
-- derivation goes: the view of the rows as derived from carriers, and the functions only it and
-- the nightly refresh used (the normaliser, the entity codes and the words' common prefix, each
-- defined once now in lib/search). search_deletions stays: PostgreSQL files the typo dictionary.
DROP VIEW search_source;
DROP FUNCTION search_norm(text);
DROP FUNCTION search_entity_code(text);
DROP FUNCTION search_lcp(text, text);
DROP FUNCTION search_lcp_long(text, text);
