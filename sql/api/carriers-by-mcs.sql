-- Bulk lookup by bare MC number ($1 text[]), any status (an MC can belong to several carriers).
-- Core columns only.
SELECT * FROM carrier_core WHERE mc_number = ANY($1::text[]) ORDER BY mc_number, dot_number
