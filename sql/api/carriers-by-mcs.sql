-- Bulk lookup by bare MC number ($1 text[]), any status (an MC can belong to several carriers):
-- the stored core profiles as the body of one JSON array, and the MC numbers found.
SELECT coalesce(string_agg(body, ',' ORDER BY mc_number, dot_number), '') AS data,
       coalesce(array_agg(DISTINCT mc_number), '{}') AS found
FROM carrier_core_json
WHERE mc_number = ANY($1::text[])
