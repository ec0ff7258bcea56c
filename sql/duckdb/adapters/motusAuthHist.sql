-- Motus AuthHist (yu5v-wbh6 / dm5j-zc6c) → {{view}}: authority status changes (REASON in any case:
-- Granted, Reinstated, Revoked, ...), as the event rows of liAuthHist.sql. A change to Active
-- for a grant or reinstatement is a grant on its date.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_opt_dot(dot_number, 'USDOT_NUMBER'),
    chk_docket(docket_number, 'DOCKET_NUMBER'),
    chk_date(status_change_date, 'STATUS_CHANGE_DATE')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  authority_kind_of(op_auth_type) AS kind,
  CASE
    WHEN starts_with(utxt(reason), 'GRANTED') OR starts_with(utxt(reason), 'REINSTATED')
      OR (utxt(op_auth_status) = 'ACTIVE' AND utxt(reason) = 'INITIAL STATUS')
    THEN date_of(status_change_date)
  END AS granted_on,
  CASE WHEN (starts_with(utxt(reason), 'REVOKED') OR contains(utxt(reason), 'REVOCATION'))
        AND NOT contains(utxt(reason), 'DISCONTINUED')
    THEN date_of(status_change_date)
  END AS revoked_on
FROM {{src}} AS src;
