-- Bulk lookup by bare MC number, any status (an MC can belong to several carriers).
SELECT c.* FROM carriers c WHERE c.mc_number = ANY($1::text[]) ORDER BY c.mc_number, c.dot_number
