-- Bulk lookup by DOT: unmatched numbers are simply absent.
SELECT c.* FROM carriers c WHERE c.dot_number = ANY($1::text[])
