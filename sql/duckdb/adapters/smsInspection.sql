-- SMS Input Inspection (rbkj-cgst; 39 columns) → {{view}}: one row per inspection.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_dot(dot_number, 'DOT_Number'),
    chk_date(insp_date, 'Insp_Date'),
    chk_int(driver_oos_total, 'Driver_OOS_Total'),
    chk_int(vehicle_oos_total, 'Vehicle_OOS_Total'),
    chk_int(total_hazmat_sent, 'Total_Hazmat_Sent'),
    chk_int(oos_total, 'OOS_Total'),
    chk_int(hazmat_oos_total, 'Hazmat_OOS_Total')
  ) AS _error,
  txt(unique_id) AS unique_id,
  txt(report_number) AS report_number,
  utxt(report_state) AS report_state,
  dot_of(dot_number) AS dot_number,
  date_of(insp_date) AS insp_date,
  utxt(insp_level_id) AS insp_level,
  int0(driver_oos_total) AS driver_oos_total,
  int0(vehicle_oos_total) AS vehicle_oos_total,
  int0(total_hazmat_sent) AS total_hazmat_sent,
  int0(oos_total) AS oos_total,
  int0(hazmat_oos_total) AS hazmat_oos_total,
  flag(hazmat_placard_req) AS hazmat_placard_req
FROM {{src}} AS src;
