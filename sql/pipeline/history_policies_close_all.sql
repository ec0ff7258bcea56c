-- Bulk load: close every policy on file that the served insurance_policies no longer hold, in one
-- set-based pass (hash joins over both tables; the per-DOT form of history_policies_close.sql
-- would probe the indexes millions of times). Copies match copy by copy. $1 run id, $2 batch date
WITH on_file AS (
  SELECT id, dot_number, filing, row_number() OVER (PARTITION BY dot_number, filing ORDER BY id) AS copy
  FROM (
    SELECT h.id, h.dot_number,
           ROW(h.policy_type, h.type_description, h.insurer_name, h.policy_number, h.coverage_amount,
               h.effective_date, h.expiration_date, h.form_code, h.source)::text AS filing
    FROM insurance_policy_history h
    WHERE h.valid_to IS NULL
  ) f
), served AS (
  SELECT dot_number, filing, row_number() OVER (PARTITION BY dot_number, filing) AS copy
  FROM (
    SELECT p.dot_number,
           ROW(p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
               p.effective_date, p.expiration_date, p.form_code, p.source)::text AS filing
    FROM insurance_policies p
  ) f
)
UPDATE insurance_policy_history h
SET valid_to = $2::date, valid_to_run = $1
FROM on_file o
WHERE h.id = o.id
  AND NOT EXISTS (
    SELECT 1 FROM served s WHERE s.dot_number = o.dot_number AND s.filing = o.filing AND s.copy = o.copy
  )
