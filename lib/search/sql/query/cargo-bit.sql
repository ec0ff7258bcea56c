-- The cargo_bits bit of a cargo label (lower case); no row: no carrier carries it.
SELECT bit FROM search_cargo_labels WHERE label = $1
