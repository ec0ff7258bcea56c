-- Totals of searches without a state (e.g. all active carriers, or one entity type): every
-- search_counts sum filters on cargo (-1: any), which its primary key (active, state, ...) does
-- not lead with; such a sum read the whole table (11.6k rows, 1.5 ms at 2.1M carriers) where this
-- index reads the ~360 rows of the cargo (0.4 ms).
CREATE INDEX search_counts_cargo_idx ON search_counts (cargo, active, state, entity) INCLUDE (n);
