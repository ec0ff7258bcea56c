-- Incremental load: the served DOTs of its delta (load_delta) without any history version yet.
INSERT INTO history_implicit (dot_number)
SELECT d.dot_number
FROM load_delta d
JOIN carriers c ON c.dot_number = d.dot_number
WHERE NOT EXISTS (SELECT 1 FROM carrier_history h WHERE h.dot_number = d.dot_number)
