-- The labels of $1 (bits $2) that search_cargo_labels holds with another bit, or not at all.
SELECT p.label
FROM unnest($1::text[], $2::smallint[]) AS p(label, bit)
LEFT JOIN search_cargo_labels l ON l.label = p.label
WHERE l.bit IS DISTINCT FROM p.bit
ORDER BY p.label
