-- Every other search table from the signed rows (search_signed: +1 a row the index gains, -1 one
-- it loses; a full build's rows all +1): the one derivation of the postings, counts and
-- word counts. One temp table per PostgreSQL table, named after it, with its columns
-- (lib/search/build/tables.ts PREBUILT_TABLES); each n is the table's change, a count of its own
-- in a full build.
-- {{labels}}: a relation (label, bit) of every cargo label (lower case).

-- search_postings' entries: one per word of each row, with the common prefix with the row's
-- previous word (lcp: the word counts below read it), and the row's sign.
CREATE OR REPLACE TEMP TABLE search_postings AS
SELECT sign, terms[i] AS term, active, name, id, CASE WHEN i = 1 THEN 0 ELSE search_lcp(terms[i - 1], terms[i]) END AS lcp,
       state, entity, cargo_bits, power_units, auth_since
FROM (SELECT *, unnest(range(1, len(terms) + 1)) AS i FROM search_signed);

-- Every cargo_bits value once with each cargo it counts under: -1 (any cargo) and each label's bit.
CREATE OR REPLACE TEMP TABLE search_count_labels AS
WITH combos AS (SELECT DISTINCT cargo_bits FROM search_signed)
SELECT cargo_bits, -1 AS cargo FROM combos
UNION ALL
SELECT c.cargo_bits, l.bit FROM combos c JOIN {{labels}} l ON c.cargo_bits & (1::BIGINT << l.bit) <> 0;

-- Carriers per (status, state, entity) and cargo label; per power units; per authority month.
CREATE OR REPLACE TEMP TABLE search_counts AS
SELECT g.active, g.state, g.entity, k.cargo, sum(g.n) AS n
FROM (SELECT active, state, entity, cargo_bits, sum(sign) AS n FROM search_signed GROUP BY ALL) g
JOIN search_count_labels k USING (cargo_bits)
GROUP BY ALL
HAVING sum(g.n) <> 0;

CREATE OR REPLACE TEMP TABLE search_counts_fleet AS
SELECT active, state, entity, power_units, sum(sign) AS n FROM search_signed GROUP BY ALL HAVING sum(sign) <> 0;

CREATE OR REPLACE TEMP TABLE search_counts_auth AS
SELECT active, state, entity, strftime(auth_since, '%Y-%m') AS month, sum(sign) AS n
FROM search_signed WHERE auth_since IS NOT NULL GROUP BY ALL HAVING sum(sign) <> 0;

-- Carriers per (word, lcp, status, state, entity). A carrier's sorted words sharing a prefix p
-- are adjacent, so exactly one of them (the first) shares less than |p| characters with the word
-- before it: counting, for each prefix length, only the words whose lcp is shorter counts every
-- carrier once per prefix.
CREATE OR REPLACE TEMP TABLE search_word_delta AS
SELECT term, lcp, active, state, entity, sum(sign) AS n FROM search_postings GROUP BY ALL HAVING sum(sign) <> 0;

-- Carriers holding a word (exact) or a word starting with a prefix (not exact), per (status,
-- state, entity): each word counts for every prefix longer than its lcp.
CREATE OR REPLACE TEMP TABLE search_word_counts AS
SELECT word, exact, active, state, entity, sum(n) AS n FROM (
  SELECT left(term, l) AS word, false AS exact, active, state, entity, n
  FROM (SELECT *, unnest(range(lcp + 1, length(term) + 1)) AS l FROM search_word_delta)
  UNION ALL
  SELECT term, true, active, state, entity, n FROM search_word_delta
)
GROUP BY ALL
HAVING sum(n) <> 0;

-- The dictionary: carriers per word.
CREATE OR REPLACE TEMP TABLE search_terms AS
SELECT term, sum(n) AS n FROM search_word_delta GROUP BY term HAVING sum(n) <> 0;

DROP TABLE search_count_labels;
DROP TABLE search_word_delta;
