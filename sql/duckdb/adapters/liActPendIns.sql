-- L&I ActPendInsur (11 fields) → view {{schema}}.li_insurance: one row per filed policy.
-- Amounts are thousands of dollars; policy_type is the description before '/' ('BIPD/Primary' → BIPD).
CREATE OR REPLACE VIEW {{schema}}.li_insurance AS
SELECT
  _row,
  coalesce(
    chk_li_dot(src.dot_number, 'dot_number'),
    chk_docket(src.docket_number, 'docket_number'),
    chk_amount(underl_lim_amount, 'underl_lim_amount'),
    chk_amount(max_cov_amount, 'max_cov_amount'),
    chk_date(posted_date, 'posted_date'),
    chk_date(src.effective_date, 'effective_date'),
    chk_date(cancel_effective_date, 'cancel_effective_date')
  ) AS _error,
  dot_of(src.dot_number) AS dot_number,
  docket_prefix_of(src.docket_number) AS docket_prefix,
  docket_number_of(src.docket_number) AS docket_number,
  txt(ins_form_code) AS form_code,
  txt(insurance_type_description) AS type_description,
  trim(split_part(utxt(insurance_type_description), '/', 1)) AS policy_type,
  txt(insurance_company_name) AS insurer_name,
  txt(policy_no) AS policy_number,
  date_of(posted_date) AS posted_date,
  amount_of(underl_lim_amount) AS underlying_limit,
  amount_of(max_cov_amount) AS max_coverage,
  date_of(src.effective_date) AS effective_date,
  date_of(cancel_effective_date) AS cancel_effective_date
FROM {{schema}}.li_insurance_src AS src;
