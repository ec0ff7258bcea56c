-- The implicit policy versions (migration 024) of the DOTs in history_implicit, written as
-- explicit versions of the baseline run (see history_materialize_carriers.sql).
INSERT INTO insurance_policy_history (
  dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
  effective_date, expiration_date, form_code, valid_from, valid_from_run
)
SELECT p.dot_number, p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
       p.effective_date, p.expiration_date, p.form_code, b.valid_from, b.etl_run_id
FROM history_implicit i
JOIN insurance_policies p ON p.dot_number = i.dot_number
CROSS JOIN history_baseline b
