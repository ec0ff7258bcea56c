-- Bulk lookup by DOT ($1 text[], no repeats): the stored core profiles as one JSON array body, in
-- the order asked; unmatched numbers are simply absent.
SELECT coalesce(string_agg(j.body, ',' ORDER BY w.ord), '') AS data
FROM unnest($1::text[]) WITH ORDINALITY AS w(dot_number, ord)
JOIN carrier_core_json j USING (dot_number)
