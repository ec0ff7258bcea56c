-- Cargo labels not seen before get the next free bits (in label order). $1: every carrier
-- (full rebuild) or only those in search_delta. A 64th label fails the bit CHECK loudly.
INSERT INTO search_cargo_labels (label, bit)
SELECT n.label, (SELECT coalesce(max(bit), -1) FROM search_cargo_labels) + row_number() OVER (ORDER BY n.label)
FROM (
  SELECT DISTINCT lower(x) AS label
  FROM (
    -- Each distinct list once (~4,700 of 2.1M carriers): 4.2-4.6 -> 0.9-1.5 s in a full rebuild.
    -- Two arms, not `$1 OR dot_number IN (...)`: an IN under an OR cannot become a join, so a
    -- refresh of a few thousand carriers read all of carriers (1.5 s at 2.1M). A custom plan
    -- drops the arm whose $1 test is false.
    SELECT DISTINCT c.cargo_carried FROM carriers c WHERE $1
    UNION ALL
    SELECT c.cargo_carried FROM carriers c WHERE NOT $1 AND c.dot_number IN (SELECT dot_number FROM search_delta)
  ) c, unnest(c.cargo_carried) AS x
) n
WHERE NOT EXISTS (SELECT 1 FROM search_cargo_labels l WHERE l.label = n.label)
