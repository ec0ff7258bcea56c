-- The cargo labels of a build (lib/search/build/labels.ts) not seen before, with the bits its
-- rows use. $1 labels, $2 bits (same order).
INSERT INTO search_cargo_labels (label, bit)
SELECT label, bit FROM unnest($1::text[], $2::smallint[]) AS p(label, bit)
ON CONFLICT DO NOTHING
