-- SMS Input Crash (4wxs-vbns; 22 columns) → {{view}}: one row per crash (24 months). Report_Date
-- is YYYYMMDD or DD-MON-YY (unverified which; date_of reads both).
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_dot(dot_number, 'DOT_Number'),
    chk_date(report_date, 'Report_Date'),
    chk_int(fatalities, 'Fatalities'),
    chk_int(injuries, 'Injuries')
  ) AS _error,
  txt(report_number) AS report_number,
  txt(report_seq_no) AS report_seq_no,
  dot_of(dot_number) AS dot_number,
  date_of(report_date) AS report_date,
  utxt(report_state) AS report_state,
  int0(fatalities) AS fatalities,
  int0(injuries) AS injuries,
  flag(tow_away) AS tow_away
FROM {{src}} AS src;
