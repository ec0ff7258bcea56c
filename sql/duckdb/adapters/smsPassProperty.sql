-- SMS AB/C PassProperty (4y6x-dmck, h9zy-gjn8; all carriers) → {{view}}. Percentiles of property
-- carriers are not public: pct is NULL, its reason says so, and the alert is the acute/critical
-- flag (AC).
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
  NULL::DOUBLE AS unsafe_driv_pct,
  'Not public for property carriers' AS unsafe_driv_pct_reason,
  flag(unsafe_driv_ac) AS unsafe_driv_alert,
  num_of(hos_driv_measure) AS hos_driv_measure,
  NULL::DOUBLE AS hos_driv_pct,
  'Not public for property carriers' AS hos_driv_pct_reason,
  flag(hos_driv_ac) AS hos_driv_alert,
  num_of(driv_fit_measure) AS driv_fit_measure,
  NULL::DOUBLE AS driv_fit_pct,
  'Not public for property carriers' AS driv_fit_pct_reason,
  flag(driv_fit_ac) AS driv_fit_alert,
  num_of(contr_subst_measure) AS contr_subst_measure,
  NULL::DOUBLE AS contr_subst_pct,
  'Not public for property carriers' AS contr_subst_pct_reason,
  flag(contr_subst_ac) AS contr_subst_alert,
  num_of(veh_maint_measure) AS veh_maint_measure,
  NULL::DOUBLE AS veh_maint_pct,
  'Not public for property carriers' AS veh_maint_pct_reason,
  flag(veh_maint_ac) AS veh_maint_alert,
  false AS has_percentiles
FROM {{src}} AS src;
