-- Motus InsHist (3uet-3z4i / xe5s-wca7) → {{view}}: cancelled and replaced policies with their
-- cancellation dates (often in the future: the cancellation is pending).
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_opt_dot(dot_number, 'USDOT_NUMBER'),
    chk_docket(docket_number, 'DOCKET_NUMBER'),
    chk_date(effective_date, 'EFFECTIVE_DATE'),
    chk_date(cancl_effective_date, 'CANCL_EFFECTIVE_DATE')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  form_of(ins_form_code) AS form_code,
  txt(policy_no) AS policy_number,
  date_of(effective_date) AS effective_date,
  date_of(cancl_effective_date) AS cancel_date
FROM {{src}} AS src;
