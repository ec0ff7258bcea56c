-- The stored core profile of every carrier in the delta is rewritten (or dropped with the carrier).
DELETE FROM carrier_core_json j
USING load_delta d
WHERE j.dot_number = d.dot_number
