-- Legacy L&I InsHist (6sqe-dvqs; 17 fields) → {{view}}: ended or replaced policies, as the rows
-- the snapshot reads for cancellation dates (motusInsHist.sql gives the same columns).
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_li_dot(dot_number, 'dot_number'),
    chk_docket(docket_number, 'docket_number'),
    chk_date(effective_date, 'effective_date'),
    chk_date(cancl_effective_date, 'cancl_effective_date')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  form_of(ins_form_code) AS form_code,
  txt(policy_no) AS policy_number,
  date_of(effective_date) AS effective_date,
  date_of(cancl_effective_date) AS cancel_date
FROM {{src}} AS src;
