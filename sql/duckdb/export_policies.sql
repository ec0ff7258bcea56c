-- insurance_policies rows (POLICY_COLUMNS order) of all carriers, or of the changed ones ({{filter}}).
SELECT dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
       effective_date, expiration_date, form_code, source
FROM {{schema}}.policies
{{filter}}
ORDER BY CAST(dot_number AS BIGINT), policy_type, policy_number
