-- search_name_buckets += (new rows) - (old rows) (search_count_rows, with each cargo combination's
-- labels in search_count_labels: counts.sql): per status, state and every state ('*'), cargo label
-- (-1: every carrier), and a name's first character (level 1) and first two (level 2): migrations
-- 015 and 022.
INSERT INTO search_name_buckets AS b (active, state, cargo, level, bucket, n)
SELECT g.active, s.state, k.cargo, l.level, left(g.bucket, l.level), sum(g.n)
FROM (
  SELECT active, state, cargo_bits, bucket, sum(sign) AS n FROM search_count_rows GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0
) g
JOIN search_count_labels k USING (cargo_bits)
CROSS JOIN LATERAL (VALUES (g.state), ('*')) s(state)
CROSS JOIN (VALUES (1), (2)) l(level)
GROUP BY 1, 2, 3, 4, 5
HAVING sum(g.n) <> 0
ON CONFLICT (active, state, cargo, level, bucket) DO UPDATE SET n = b.n + EXCLUDED.n;
DELETE FROM search_name_buckets WHERE n = 0;
