-- Bulk load: every carrier served now or current in history, so removed carriers are found too.
INSERT INTO history_touched (dot_number)
SELECT dot_number FROM carriers
UNION
SELECT dot_number FROM carrier_history WHERE valid_to IS NULL
