-- A carrier's active policies, largest coverage first.
SELECT c.dot_number, c.legal_name, r.etl_run_id AS served_run_id, r.batch_ts AS data_as_of,
  COALESCE((
    SELECT json_agg(json_build_object(
      'policy_type', p.policy_type, 'insurer_name', p.insurer_name, 'policy_number', p.policy_number,
      'coverage_amount', p.coverage_amount, 'effective_date', p.effective_date,
      'expiration_date', p.expiration_date, 'form_code', p.form_code, 'source', p.source)
      ORDER BY p.policy_type, p.coverage_amount DESC, p.policy_number)
    FROM insurance_policies p WHERE p.dot_number = c.dot_number
  ), '[]') AS policies
FROM carriers c
CROSS JOIN LATERAL (
  SELECT etl_run_id, batch_ts FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
) r
WHERE c.dot_number = $1
