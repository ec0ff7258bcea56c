-- Bulk load (it rewrites every carrier): every served DOT without any history version yet.
INSERT INTO history_implicit (dot_number)
SELECT c.dot_number
FROM carriers c
WHERE NOT EXISTS (SELECT 1 FROM carrier_history h WHERE h.dot_number = c.dot_number)
