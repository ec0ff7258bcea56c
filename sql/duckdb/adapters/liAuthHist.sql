-- L&I AuthHist (9 fields) → view {{schema}}.li_authhist: one row per authority action.
CREATE OR REPLACE VIEW {{schema}}.li_authhist AS
SELECT
  _row,
  coalesce(
    chk_li_dot(src.dot_number, 'dot_number'),
    chk_docket(src.docket_number, 'docket_number'),
    chk_date(original_action_served_date, 'original_action_served_date'),
    chk_date(final_action_decision_date, 'final_action_decision_date'),
    chk_date(final_action_served_date, 'final_action_served_date')
  ) AS _error,
  dot_of(src.dot_number) AS dot_number,
  docket_prefix_of(src.docket_number) AS docket_prefix,
  docket_number_of(src.docket_number) AS docket_number,
  txt(sub_number) AS sub_number,
  utxt(op_auth_type) AS authority_type,
  utxt(original_action_desc) AS original_action,
  date_of(original_action_served_date) AS original_served_date,
  utxt(final_action_desc) AS final_action,
  date_of(final_action_decision_date) AS final_decision_date,
  date_of(final_action_served_date) AS final_served_date
FROM {{schema}}.li_authhist_src AS src;
