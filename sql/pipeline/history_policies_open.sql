-- Record the served policies of touched carriers that are not on file yet, copy by copy (see
-- history_policies_close.sql), per touched DOT. $1 run id, $2 batch date
INSERT INTO insurance_policy_history (
  dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
  effective_date, expiration_date, form_code, valid_from, valid_from_run, source
)
SELECT t.dot_number, n.policy_type, n.type_description, n.insurer_name, n.policy_number,
       n.coverage_amount, n.effective_date, n.expiration_date, n.form_code, $2::date, $1, n.source
FROM history_touched t
CROSS JOIN LATERAL (
  SELECT s.*
  FROM (
    SELECT served.*, row_number() OVER (PARTITION BY filing) AS copy
    FROM (
      SELECT p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
             p.effective_date, p.expiration_date, p.form_code, p.source,
             ROW(p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
                 p.effective_date, p.expiration_date, p.form_code, p.source)::text AS filing
      FROM insurance_policies p
      WHERE p.dot_number = t.dot_number
    ) served
  ) s
  LEFT JOIN (
    SELECT filing, row_number() OVER (PARTITION BY filing) AS copy
    FROM (
      SELECT ROW(h.policy_type, h.type_description, h.insurer_name, h.policy_number, h.coverage_amount,
                 h.effective_date, h.expiration_date, h.form_code, h.source)::text AS filing
      FROM insurance_policy_history h
      WHERE h.dot_number = t.dot_number AND h.valid_to IS NULL
    ) on_file
  ) o ON o.filing = s.filing AND o.copy = s.copy
  WHERE o.filing IS NULL
) n
