-- The implicit policy versions (migration 024) of the DOTs in history_implicit, written as
-- explicit versions of the baseline run (see history_materialize_carriers.sql).
INSERT INTO insurance_policy_history (
  dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
  effective_date, expiration_date, form_code, valid_from, valid_to, valid_from_run, valid_to_run, source
)
SELECT i.*
FROM history_implicit t
JOIN insurance_policy_implicit i ON i.dot_number = t.dot_number
