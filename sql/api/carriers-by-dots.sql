-- Bulk lookup by DOT ($1 text[]): unmatched numbers are simply absent. Core columns only.
SELECT * FROM carrier_core WHERE dot_number = ANY($1::text[])
