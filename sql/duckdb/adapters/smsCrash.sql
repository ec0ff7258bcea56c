-- SMS Input Crash (22 columns) → view {{schema}}.sms_crash: one row per crash (24 months).
CREATE OR REPLACE VIEW {{schema}}.sms_crash AS
SELECT
  _row,
  coalesce(
    chk_dot(src.dot_number, 'dot_number'),
    chk_date(report_date, 'report_date'),
    chk_int(fatalities, 'fatalities'),
    chk_int(injuries, 'injuries')
  ) AS _error,
  txt(report_number) AS report_number,
  txt(report_seq_no) AS report_seq_no,
  dot_of(src.dot_number) AS dot_number,
  date_of(report_date) AS report_date,
  utxt(report_state) AS report_state,
  int0(fatalities) AS fatalities,
  int0(injuries) AS injuries,
  flag(tow_away) AS tow_away
FROM {{schema}}.sms_crash_src AS src;
