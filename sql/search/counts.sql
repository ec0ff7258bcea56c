-- The count tables += (new rows) - (old rows): per (status, state, entity) and cargo label (-1:
-- every carrier), power units, month of the authority date. search_count_rows and
-- search_count_labels stay for the name buckets (name_buckets.sql).
CREATE TEMP TABLE search_count_rows ON COMMIT DROP AS
SELECT active, state, entity, power_units, auth_since, cargo_bits, left(name, 2) AS bucket, -1 AS sign FROM search_old
UNION ALL
SELECT active, state, entity, power_units, auth_since, cargo_bits, left(name, 2), 1 FROM search_new;

-- Each cargo combination's labels (-1: every carrier), found once (~5k combinations at 2.1M
-- carriers) and joined, not looked up per group: the search_counts insert of a full rebuild 7.2 ->
-- 1.8 s (8.4 -> 5.3 s before that, when the labels were found once per row). The name buckets
-- join them too.
CREATE TEMP TABLE search_count_labels ON COMMIT DROP AS
WITH combos AS MATERIALIZED (SELECT DISTINCT cargo_bits FROM search_count_rows)
SELECT cargo_bits, -1::smallint AS cargo FROM combos
UNION ALL
SELECT c.cargo_bits, l.bit FROM combos c JOIN search_cargo_labels l ON c.cargo_bits & (1::bigint << l.bit) <> 0;

INSERT INTO search_counts AS c (active, state, entity, cargo, n)
SELECT g.active, g.state, g.entity, k.cargo, sum(g.n)
FROM (
  SELECT active, state, entity, cargo_bits, sum(sign) AS n FROM search_count_rows GROUP BY 1, 2, 3, 4
) g
JOIN search_count_labels k USING (cargo_bits)
GROUP BY 1, 2, 3, 4
HAVING sum(g.n) <> 0
ON CONFLICT (active, state, entity, cargo) DO UPDATE SET n = c.n + EXCLUDED.n;

INSERT INTO search_counts_fleet AS c (active, state, entity, power_units, n)
SELECT active, state, entity, power_units, sum(sign) FROM search_count_rows
GROUP BY 1, 2, 3, 4
HAVING sum(sign) <> 0
ON CONFLICT (active, state, entity, power_units) DO UPDATE SET n = c.n + EXCLUDED.n;

INSERT INTO search_counts_auth AS c (active, state, entity, month, n)
SELECT active, state, entity, to_char(auth_since, 'YYYY-MM'), sum(sign) FROM search_count_rows
WHERE auth_since IS NOT NULL
GROUP BY 1, 2, 3, 4
HAVING sum(sign) <> 0
ON CONFLICT (active, state, entity, month) DO UPDATE SET n = c.n + EXCLUDED.n;

DELETE FROM search_counts WHERE n = 0;
DELETE FROM search_counts_fleet WHERE n = 0;
DELETE FROM search_counts_auth WHERE n = 0;
