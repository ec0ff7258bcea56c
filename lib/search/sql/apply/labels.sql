-- The cargo labels the index knows, with their bits in carrier_search.cargo_bits.
SELECT label, bit FROM search_cargo_labels ORDER BY bit
