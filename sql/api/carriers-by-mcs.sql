-- Bulk lookup by bare MC number ({{mc_numbers}}: a text[] literal), any status (an MC can belong
-- to several carriers): the stored core profiles as the body of one JSON array, and the MC numbers
-- found, comma-separated. Read through COPY (FORMAT binary) (lib/copy-out.ts), so the 300+ KB of
-- profiles reach the answer as bytes, never decoded into a string and encoded again.
SELECT coalesce(string_agg(body, ',' ORDER BY mc_number, dot_number), '') AS data,
       coalesce(string_agg(DISTINCT mc_number, ','), '') AS found
FROM carrier_core_json
WHERE mc_number = ANY({{mc_numbers}})
