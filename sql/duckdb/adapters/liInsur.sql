-- Legacy L&I Insur (ypjt-5ydn; 9 fields, no DOT column) → {{view}}: one row per policy on file.
-- The type comes as codes (ins_description_of); amounts are thousands of dollars. dot_number is
-- NULL here: the snapshot takes it from the legacy Carrier row of the docket.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_docket(prefix_docket_number, 'prefix_docket_number'),
    chk_amount(max_cov_amount, 'max_cov_amount'),
    chk_date(effective_date, 'effective_date')
  ) AS _error,
  NULL::VARCHAR AS dot_number,
  docket_prefix_of(prefix_docket_number) AS docket_prefix,
  docket_number_of(prefix_docket_number) AS docket_number,
  form_of(ins_form_code) AS form_code,
  ins_description_of(ins_type_code, ins_class_code) AS type_description,
  txt(name_company) AS insurer_name,
  txt(policy_no) AS policy_number,
  amount_of(max_cov_amount) AS coverage_amount,
  date_of(effective_date) AS effective_date,
  NULL::DATE AS cancel_date
FROM {{src}} AS src;
