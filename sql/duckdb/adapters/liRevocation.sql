-- L&I Revocation (6 fields) → view {{schema}}.li_revocation. Kept for history and later stages; the
-- snapshot's revocation_pending comes from the *_rev_pend flags of the carrier file.
CREATE OR REPLACE VIEW {{schema}}.li_revocation AS
SELECT
  _row,
  coalesce(
    chk_li_dot(src.dot_number, 'dot_number'),
    chk_docket(src.docket_number, 'docket_number'),
    chk_date(serve_date, 'serve_date'),
    chk_date(src.effective_date, 'effective_date')
  ) AS _error,
  dot_of(src.dot_number) AS dot_number,
  docket_prefix_of(src.docket_number) AS docket_prefix,
  docket_number_of(src.docket_number) AS docket_number,
  utxt(registration_type) AS registration_type,
  date_of(serve_date) AS serve_date,
  utxt(revocation_type) AS revocation_type,
  date_of(src.effective_date) AS effective_date
FROM {{schema}}.li_revocation_src AS src;
