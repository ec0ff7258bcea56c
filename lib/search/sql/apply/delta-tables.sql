-- A delta's changes as DuckDB derived them (lib/search/sql/derive/tables.sql), one temp table per
-- search table: the rows and postings with their sign (+1 in, -1 out), the counts as changes.
CREATE TEMP TABLE delta_carrier_search (sign smallint NOT NULL, LIKE carrier_search) ON COMMIT DROP;
CREATE TEMP TABLE delta_search_postings (sign smallint NOT NULL, LIKE search_postings) ON COMMIT DROP;
CREATE TEMP TABLE delta_search_counts (LIKE search_counts) ON COMMIT DROP;
CREATE TEMP TABLE delta_search_counts_fleet (LIKE search_counts_fleet) ON COMMIT DROP;
CREATE TEMP TABLE delta_search_counts_auth (LIKE search_counts_auth) ON COMMIT DROP;
CREATE TEMP TABLE delta_search_word_counts (LIKE search_word_counts) ON COMMIT DROP;
CREATE TEMP TABLE delta_search_terms (LIKE search_terms) ON COMMIT DROP;
