-- No history yet: every served policy opens its first version (see history_bootstrap_carriers.sql).
-- $1 run id, $2 batch date
INSERT INTO insurance_policy_history (
  dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
  effective_date, expiration_date, form_code, valid_from, valid_from_run
)
SELECT dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
       effective_date, expiration_date, form_code, $2::date, $1
FROM insurance_policies
