-- Policies of every carrier in the delta are rewritten (or dropped with the carrier).
DELETE FROM insurance_policies p
USING load_delta d
WHERE p.dot_number = d.dot_number
