-- Deep pages of searches by cargo label (sql/api/search-page-bucket.sql) start at a name bucket
-- too: search_name_buckets counts carriers per cargo label as well (cargo: the label's bit,
-- search_cargo_labels; -1: every carrier, the rows migration 015 holds). Page 400 of one state's
-- active carriers hauling general freight walked 14,000 index entries past carriers without the
-- label (~5 ms at 2.1M carriers), now the rest of one bucket.
ALTER TABLE search_name_buckets ADD COLUMN cargo smallint NOT NULL DEFAULT -1;
ALTER TABLE search_name_buckets ALTER COLUMN cargo DROP DEFAULT;
ALTER TABLE search_name_buckets DROP CONSTRAINT search_name_buckets_pkey;
ALTER TABLE search_name_buckets ADD PRIMARY KEY (active, state, cargo, level, bucket) INCLUDE (n);

INSERT INTO search_name_buckets (active, state, cargo, level, bucket, n)
SELECT g.active, s.state, k.bit, l.level, left(g.bucket, l.level), sum(g.n)
FROM (SELECT active, state, cargo_bits, left(name, 2) AS bucket, count(*) AS n FROM carrier_search GROUP BY 1, 2, 3, 4) g
JOIN search_cargo_labels k ON g.cargo_bits & (1::bigint << k.bit) <> 0
CROSS JOIN LATERAL (VALUES (g.state), ('*')) s(state)
CROSS JOIN (VALUES (1), (2)) l(level)
GROUP BY 1, 2, 3, 4, 5;
