-- Close the policies on file of touched carriers that the served insurance_policies no longer
-- hold. Filings are a multiset: the n-th copy of a filing matches the n-th copy served. Worked
-- per touched DOT through the DOT indexes, so the cost follows the run's delta, not the tables.
-- $1 run id, $2 batch date
UPDATE insurance_policy_history
SET valid_to = $2::date, valid_to_run = $1
WHERE id = ANY (ARRAY(
  SELECT gone.id
  FROM history_touched t
  CROSS JOIN LATERAL (
    SELECT o.id
    FROM (
      SELECT id, filing, row_number() OVER (PARTITION BY filing ORDER BY id) AS copy
      FROM (
        SELECT h.id,
               ROW(h.policy_type, h.type_description, h.insurer_name, h.policy_number, h.coverage_amount,
                   h.effective_date, h.expiration_date, h.form_code, h.source)::text AS filing
        FROM insurance_policy_history h
        WHERE h.dot_number = t.dot_number AND h.valid_to IS NULL
      ) on_file
    ) o
    LEFT JOIN (
      SELECT filing, row_number() OVER (PARTITION BY filing) AS copy
      FROM (
        SELECT ROW(p.policy_type, p.type_description, p.insurer_name, p.policy_number, p.coverage_amount,
                   p.effective_date, p.expiration_date, p.form_code, p.source)::text AS filing
        FROM insurance_policies p
        WHERE p.dot_number = t.dot_number
      ) served
    ) s ON s.filing = o.filing AND s.copy = o.copy
    WHERE s.filing IS NULL
  ) gone
))
