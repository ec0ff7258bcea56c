-- SMS AB/C Pass (m3ry-qcip, h3zn-uid9; passenger carriers) → {{view}}: inspection totals and the
-- five public BASICs. _PCT is a percent ('15%') or the reason there is none ('Less than 5 vehicle
-- inspections'), _MEASURE a decimal ('.25'), _BASIC_ALERT Y/N.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_dot(dot_number, 'DOT_NUMBER'),
    chk_int(insp_total, 'INSP_TOTAL'),
    chk_int(driver_insp_total, 'DRIVER_INSP_TOTAL'),
    chk_int(driver_oos_insp_total, 'DRIVER_OOS_INSP_TOTAL'),
    chk_int(vehicle_insp_total, 'VEHICLE_INSP_TOTAL'),
    chk_int(vehicle_oos_insp_total, 'VEHICLE_OOS_INSP_TOTAL'),
    chk_num(unsafe_driv_measure, 'UNSAFE_DRIV_MEASURE'),
    chk_num(hos_driv_measure, 'HOS_DRIV_MEASURE'),
    chk_num(driv_fit_measure, 'DRIV_FIT_MEASURE'),
    chk_num(contr_subst_measure, 'CONTR_SUBST_MEASURE'),
    chk_num(veh_maint_measure, 'VEH_MAINT_MEASURE')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  int0(insp_total) AS insp_total,
  int0(driver_insp_total) AS driver_inspections,
  int0(driver_oos_insp_total) AS driver_oos_inspections,
  int0(vehicle_insp_total) AS vehicle_inspections,
  int0(vehicle_oos_insp_total) AS vehicle_oos_inspections,
  num_of(unsafe_driv_measure) AS unsafe_driv_measure,
  pct_of(unsafe_driv_pct) AS unsafe_driv_pct,
  pct_reason_of(unsafe_driv_pct) AS unsafe_driv_pct_reason,
  flag(unsafe_driv_basic_alert) AS unsafe_driv_alert,
  num_of(hos_driv_measure) AS hos_driv_measure,
  pct_of(hos_driv_pct) AS hos_driv_pct,
  pct_reason_of(hos_driv_pct) AS hos_driv_pct_reason,
  flag(hos_driv_basic_alert) AS hos_driv_alert,
  num_of(driv_fit_measure) AS driv_fit_measure,
  pct_of(driv_fit_pct) AS driv_fit_pct,
  pct_reason_of(driv_fit_pct) AS driv_fit_pct_reason,
  flag(driv_fit_basic_alert) AS driv_fit_alert,
  num_of(contr_subst_measure) AS contr_subst_measure,
  pct_of(contr_subst_pct) AS contr_subst_pct,
  pct_reason_of(contr_subst_pct) AS contr_subst_pct_reason,
  flag(contr_subst_basic_alert) AS contr_subst_alert,
  num_of(veh_maint_measure) AS veh_maint_measure,
  pct_of(veh_maint_pct) AS veh_maint_pct,
  pct_reason_of(veh_maint_pct) AS veh_maint_pct_reason,
  flag(veh_maint_basic_alert) AS veh_maint_alert,
  true AS has_percentiles
FROM {{src}} AS src;
