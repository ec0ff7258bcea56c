-- Search serving (docs/search.md "Index design"), measured at 2.1M carriers.

-- The relevance head (names equal to / starting with the query) and the name walk, index-only.
DROP INDEX carrier_search_name_idx;
CREATE INDEX carrier_search_name_idx ON carrier_search (name, id)
  INCLUDE (active, state, entity, cargo_bits, power_units, auth_since, name_norm, dba_norm);
DROP INDEX carrier_search_name_norm_idx;
CREATE INDEX carrier_search_name_norm_idx ON carrier_search (name_norm)
  INCLUDE (name, id, dba_norm, active, state, entity, cargo_bits, power_units, auth_since);
DROP INDEX carrier_search_dba_norm_idx;
CREATE INDEX carrier_search_dba_norm_idx ON carrier_search (dba_norm)
  INCLUDE (name, id, name_norm, active, state, entity, cargo_bits, power_units, auth_since) WHERE dba_norm <> '';

-- n rides in the key index: totals are summed by index-only scans.
ALTER TABLE search_counts DROP CONSTRAINT search_counts_pkey,
  ADD PRIMARY KEY (active, state, entity, cargo) INCLUDE (n);
ALTER TABLE search_counts_fleet DROP CONSTRAINT search_counts_fleet_pkey,
  ADD PRIMARY KEY (active, state, entity, power_units) INCLUDE (n);
ALTER TABLE search_counts_auth DROP CONSTRAINT search_counts_auth_pkey,
  ADD PRIMARY KEY (active, state, entity, month) INCLUDE (n);
ALTER TABLE search_word_counts DROP CONSTRAINT search_word_counts_pkey,
  ADD PRIMARY KEY (word, exact, active, state, entity) INCLUDE (n);

-- No parallel plans on the search tables: the API runs many small searches at once on few cores,
-- and starting workers costs more than they save (a 25-row walk took 16 ms parallel, 3 ms not).
-- A full rebuild lifts this while it builds the indexes (lib/search/pg-index.ts).
ALTER TABLE carrier_search SET (parallel_workers = 0);
ALTER TABLE search_postings SET (parallel_workers = 0);
ALTER TABLE search_word_counts SET (parallel_workers = 0);
