-- name_buckets.sql for a full rebuild (empty table, plain insert, its key built after): the rows
-- summed per status, state, cargo combination and two-character bucket; each combination's labels
-- found once (~5k at 2.1M carriers), not once per group (~900k); every state ('*') and level 1
-- summed from what is left. 591k rows in ~7 s, against ~22 s as name_buckets.sql does it.
WITH g AS MATERIALIZED (
  SELECT active, state, cargo_bits, bucket, sum(sign)::integer AS n FROM search_count_rows GROUP BY 1, 2, 3, 4
), combos AS MATERIALIZED (
  SELECT DISTINCT cargo_bits FROM g
), labels AS (
  SELECT cargo_bits, -1::smallint AS cargo FROM combos
  UNION ALL
  SELECT c.cargo_bits, l.bit FROM combos c JOIN search_cargo_labels l ON c.cargo_bits & (1::bigint << l.bit) <> 0
), b AS MATERIALIZED (
  SELECT g.active, g.state, k.cargo, g.bucket, sum(g.n)::integer AS n FROM g JOIN labels k USING (cargo_bits) GROUP BY 1, 2, 3, 4
), s AS MATERIALIZED (
  SELECT active, state, cargo, bucket, n FROM b
  UNION ALL
  SELECT active, '*', cargo, bucket, sum(n)::integer FROM b GROUP BY 1, 3, 4
)
INSERT INTO search_name_buckets (active, state, cargo, level, bucket, n)
SELECT active, state, cargo, 2, bucket, n FROM s
UNION ALL
SELECT active, state, cargo, 1, left(bucket, 1), sum(n) FROM s GROUP BY 1, 2, 3, 5
