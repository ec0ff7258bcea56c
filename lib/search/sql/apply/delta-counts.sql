-- Every count table += a delta's changes; a count gone to 0 is removed.
INSERT INTO search_counts AS c SELECT * FROM delta_search_counts
ON CONFLICT (active, state, entity, cargo) DO UPDATE SET n = c.n + EXCLUDED.n;
DELETE FROM search_counts WHERE n = 0;
INSERT INTO search_counts_fleet AS c SELECT * FROM delta_search_counts_fleet
ON CONFLICT (active, state, entity, power_units) DO UPDATE SET n = c.n + EXCLUDED.n;
DELETE FROM search_counts_fleet WHERE n = 0;
INSERT INTO search_counts_auth AS c SELECT * FROM delta_search_counts_auth
ON CONFLICT (active, state, entity, month) DO UPDATE SET n = c.n + EXCLUDED.n;
DELETE FROM search_counts_auth WHERE n = 0;
INSERT INTO search_word_counts AS w SELECT * FROM delta_search_word_counts
ON CONFLICT (word, exact, active, state, entity) DO UPDATE SET n = w.n + EXCLUDED.n;
DELETE FROM search_word_counts WHERE n = 0;
