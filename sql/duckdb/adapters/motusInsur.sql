-- Motus Insur (c5y8-a4uz / x96h-evps) → {{view}}: active and pending policies, with the columns
-- of the legacy policy views. Amounts in whole dollars; the set carries no cancellation date
-- (the snapshot takes one from InsHist).
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_opt_dot(dot_number, 'USDOT_NUMBER'),
    chk_docket(docket_number, 'DOCKET_NUMBER'),
    chk_amount(max_cov_amount, 'MAX_COV_AMOUNT'),
    chk_date(effective_date, 'EFFECTIVE_DATE'),
    chk_date(trans_date, 'TRANS_DATE')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  form_of(ins_form_code) AS form_code,
  ins_description_of(ins_type_code, ins_class_code) AS type_description,
  txt(insurance_company_name) AS insurer_name,
  txt(policy_no) AS policy_number,
  dollars_of(max_cov_amount) AS coverage_amount,
  date_of(effective_date) AS effective_date,
  NULL::DATE AS cancel_date
FROM {{src}} AS src;
