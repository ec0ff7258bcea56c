-- Legacy L&I ActPendInsur (qh9u-swkp; 11 fields) → {{view}}: one row per active or pending policy.
-- Amounts are thousands of dollars. A date where the underlying limit belongs is a layout seen in
-- real text lines (shared/data/fmcsa-real/actpendins_rows.txt, unverified): the limit is unknown.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_li_dot(dot_number, 'dot_number'),
    chk_docket(docket_number, 'docket_number'),
    CASE WHEN date_of(underl_lim_amount) IS NULL THEN chk_amount(underl_lim_amount, 'underl_lim_amount') END,
    chk_amount(max_cov_amount, 'max_cov_amount'),
    chk_date(trans_date, 'trans_date'),
    chk_date(effective_date, 'effective_date'),
    chk_date(cancl_effective_date, 'cancl_effective_date')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  form_of(ins_form_code) AS form_code,
  txt(ins_type_desc) AS type_description,
  txt(name_company) AS insurer_name,
  txt(policy_no) AS policy_number,
  amount_of(max_cov_amount) AS coverage_amount,
  date_of(effective_date) AS effective_date,
  date_of(cancl_effective_date) AS cancel_date
FROM {{src}} AS src;
