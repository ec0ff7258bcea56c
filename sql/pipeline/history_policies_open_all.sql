-- Bulk load: record every served policy not on file yet, copy by copy, in one set-based pass
-- (see history_policies_close_all.sql). $1 run id, $2 batch date
WITH on_file AS (
  SELECT dot_number, filing, row_number() OVER (PARTITION BY dot_number, filing) AS copy
  FROM (
    SELECT h.dot_number,
           ROW(h.policy_type, h.type_description, h.insurer_name, h.policy_number, h.coverage_amount,
               h.effective_date, h.expiration_date, h.form_code, h.source)::text AS filing
    FROM insurance_policy_history h
    WHERE h.valid_to IS NULL
  ) f
), served AS (
  SELECT f.*, row_number() OVER (PARTITION BY dot_number, filing) AS copy
  FROM (
    SELECT p.*,
           ROW(p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
               p.effective_date, p.expiration_date, p.form_code, p.source)::text AS filing
    FROM insurance_policies p
  ) f
)
INSERT INTO insurance_policy_history (
  dot_number, policy_type, type_description, insurer_name, policy_number, coverage_amount,
  effective_date, expiration_date, form_code, valid_from, valid_from_run, source
)
SELECT s.dot_number, s.policy_type, s.type_description, s.insurer_name, s.policy_number,
       s.coverage_amount, s.effective_date, s.expiration_date, s.form_code, $2::date, $1, s.source
FROM served s
WHERE NOT EXISTS (
  SELECT 1 FROM on_file o WHERE o.dot_number = s.dot_number AND o.filing = s.filing AND o.copy = s.copy
)
