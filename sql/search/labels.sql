-- Cargo labels not seen before get the next free bits (in label order). $1: every carrier
-- (full rebuild) or only those in search_delta. A 64th label fails the bit CHECK loudly.
INSERT INTO search_cargo_labels (label, bit)
SELECT n.label, (SELECT coalesce(max(bit), -1) FROM search_cargo_labels) + row_number() OVER (ORDER BY n.label)
FROM (
  SELECT DISTINCT lower(x) AS label
  FROM carriers c, unnest(c.cargo_carried) AS x
  WHERE $1 OR c.dot_number IN (SELECT dot_number FROM search_delta)
) n
WHERE NOT EXISTS (SELECT 1 FROM search_cargo_labels l WHERE l.label = n.label)
