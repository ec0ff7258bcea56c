-- True when no carrier has any history version (then the hook starts history from scratch).
SELECT NOT EXISTS (SELECT 1 FROM carrier_history) AS empty
