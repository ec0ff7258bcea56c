-- Legacy L&I AuthHist (9mw4-x3tu; 9 fields) → {{view}}: one row per authority action, as the
-- event rows the snapshot and the related stage read (motusAuthHist.sql gives the same columns):
-- a GRANTED or REINSTATED original or disposition action is a grant on its served date.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_li_dot(dot_number, 'dot_number'),
    chk_docket(docket_number, 'docket_number'),
    chk_date(orig_served_date, 'orig_served_date'),
    chk_date(disp_decided_date, 'disp_decided_date'),
    chk_date(disp_served_date, 'disp_served_date')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  -- COMMON, CONTRACT or BROKER from the authority type ('MOTOR PROPERTY COMMON CARRIER', ...).
  CASE
    WHEN contains(utxt(op_auth_type), 'BROKER') THEN 'BROKER'
    WHEN contains(utxt(op_auth_type), 'CONTRACT') THEN 'CONTRACT'
    ELSE 'COMMON'
  END AS kind,
  greatest(
    CASE WHEN utxt(original_action_desc) IN ('GRANTED', 'REINSTATED') THEN date_of(orig_served_date) END,
    CASE WHEN utxt(disp_action_desc) IN ('GRANTED', 'REINSTATED') THEN date_of(disp_served_date) END
  ) AS granted_on,
  -- A revocation that took effect (not a discontinued one), on its disposition's date.
  CASE WHEN (contains(utxt(disp_action_desc), 'REVOCATION') OR contains(utxt(disp_action_desc), 'REVOKED'))
        AND NOT contains(utxt(disp_action_desc), 'DISCONTINUED')
    THEN coalesce(date_of(disp_served_date), date_of(disp_decided_date))
  END AS revoked_on
FROM {{src}} AS src;
