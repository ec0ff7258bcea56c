-- SMS Input Inspection (39 columns) → view {{schema}}.sms_inspection: one row per inspection.
CREATE OR REPLACE VIEW {{schema}}.sms_inspection AS
SELECT
  _row,
  coalesce(
    chk_dot(DOT_Number, 'DOT_Number'),
    chk_date(Insp_Date, 'Insp_Date'),
    chk_int(Driver_OOS_Total, 'Driver_OOS_Total'),
    chk_int(Vehicle_OOS_Total, 'Vehicle_OOS_Total'),
    chk_int(Total_Hazmat_Sent, 'Total_Hazmat_Sent'),
    chk_int(OOS_Total, 'OOS_Total'),
    chk_int(Hazmat_OOS_Total, 'Hazmat_OOS_Total')
  ) AS _error,
  txt(Unique_ID) AS unique_id,
  txt(Report_Number) AS report_number,
  utxt(Report_State) AS report_state,
  dot_of(DOT_Number) AS dot_number,
  date_of(Insp_Date) AS insp_date,
  utxt(Insp_level_ID) AS insp_level,
  int0(Driver_OOS_Total) AS driver_oos_total,
  int0(Vehicle_OOS_Total) AS vehicle_oos_total,
  int0(Total_Hazmat_Sent) AS total_hazmat_sent,
  int0(OOS_Total) AS oos_total,
  int0(Hazmat_OOS_Total) AS hazmat_oos_total,
  flag(Hazmat_Placard_req) AS hazmat_placard_req
FROM {{schema}}.sms_inspection_src AS src;
