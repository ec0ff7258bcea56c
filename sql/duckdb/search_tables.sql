-- The other search tables of a full rebuild, from search_rows.sql's rows, as the full rebuild in
-- PostgreSQL derives them from its rows and postings (sql/search/counts.sql,
-- name_buckets_full.sql, word_delta_full.sql, word_counts_full.sql, word_buckets_full.sql): one
-- temp table per PostgreSQL table, named after it, with its columns (PREBUILT_TABLES in
-- lib/search/pg-index.ts). Those aggregations took ~45 s of the rebuild's one backend at 2.1M
-- carriers. A change to them must be made here too; test/search-shadow.test.ts fails when the two
-- differ. Names' first letters count code points on both sides (left()); words are ASCII.
-- Vars: labels, a relation (label, bit) of every cargo label (lower case).

-- search_postings' rows: one per word of each carrier, with the common prefix with its previous
-- word (the word buckets and counts below read it).
CREATE OR REPLACE TEMP TABLE search_postings AS
SELECT terms[i] AS term, active, name, id, CASE WHEN i = 1 THEN 0 ELSE search_lcp(terms[i - 1], terms[i]) END AS lcp,
       state, entity, cargo_bits, power_units, auth_since
FROM (SELECT *, unnest(range(1, len(terms) + 1)) AS i FROM search_rows);

-- Every cargo_bits value once with each cargo it counts under: -1 (any cargo) and each label's bit.
CREATE OR REPLACE TEMP TABLE search_count_labels AS
WITH combos AS (SELECT DISTINCT cargo_bits FROM search_rows)
SELECT cargo_bits, -1 AS cargo FROM combos
UNION ALL
SELECT c.cargo_bits, l.bit FROM combos c JOIN {{labels}} l ON c.cargo_bits & (1::BIGINT << l.bit) <> 0;

CREATE OR REPLACE TEMP TABLE search_counts AS
SELECT g.active, g.state, g.entity, k.cargo, sum(g.n) AS n
FROM (SELECT active, state, entity, cargo_bits, count(*) AS n FROM search_rows GROUP BY ALL) g
JOIN search_count_labels k USING (cargo_bits)
GROUP BY ALL;

CREATE OR REPLACE TEMP TABLE search_counts_fleet AS
SELECT active, state, entity, power_units, count(*) AS n FROM search_rows GROUP BY ALL;

CREATE OR REPLACE TEMP TABLE search_counts_auth AS
SELECT active, state, entity, strftime(auth_since, '%Y-%m') AS month, count(*) AS n
FROM search_rows WHERE auth_since IS NOT NULL GROUP BY ALL;

-- Names by their first two letters (level 2) and first letter (level 1), per state and for all
-- states ('*'), per cargo.
CREATE OR REPLACE TEMP TABLE search_name_buckets AS
WITH g AS (
  SELECT active, state, cargo_bits, left(name, 2) AS bucket, count(*) AS n FROM search_rows GROUP BY ALL
), b AS (
  SELECT g.active, g.state, k.cargo, g.bucket, sum(g.n) AS n FROM g JOIN search_count_labels k USING (cargo_bits) GROUP BY ALL
), s AS (
  SELECT active, state, cargo, bucket, n FROM b
  UNION ALL
  SELECT active, '*', cargo, bucket, sum(n) FROM b GROUP BY active, cargo, bucket
)
SELECT active, state, 2 AS level, bucket, n, cargo FROM s
UNION ALL
SELECT active, state, 1, left(bucket, 1), sum(n), cargo FROM s GROUP BY active, state, cargo, left(bucket, 1);

-- Each word's carriers by status, state and entity, and each prefix of it beyond the common
-- prefix with the word before it in a name (exact = false), as word_counts_full.sql counts them.
CREATE OR REPLACE TEMP TABLE search_word_delta AS
SELECT term, lcp, active, state, entity, count(*) AS n FROM search_postings GROUP BY ALL;

CREATE OR REPLACE TEMP TABLE search_word_counts AS
SELECT word, exact, active, state, entity, sum(n) AS n FROM (
  SELECT left(term, l) AS word, false AS exact, active, state, entity, n
  FROM (SELECT *, unnest(range(lcp + 1, length(term) + 1)) AS l FROM search_word_delta)
  UNION ALL
  SELECT term, true, active, state, entity, n FROM search_word_delta
)
GROUP BY ALL;

CREATE OR REPLACE TEMP TABLE search_terms AS
SELECT term, sum(n) AS n FROM search_word_delta GROUP BY term;

CREATE OR REPLACE TEMP TABLE search_word_buckets AS
WITH g AS (
  SELECT term, active, left(name, 2) AS bucket, lcp, count(*) AS n FROM search_postings GROUP BY ALL
)
SELECT term, active, 2 AS level, bucket, lcp, n FROM g
UNION ALL
SELECT term, active, 1, left(bucket, 1), lcp, sum(n) FROM g GROUP BY term, active, left(bucket, 1), lcp;

DROP TABLE search_count_labels;
DROP TABLE search_word_delta;
