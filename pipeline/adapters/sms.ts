/**
 * The monthly SMS datasets (fmcsa-published-2026.md §6). Pass = passenger carriers only, with
 * percentiles and alerts; PassProperty = all carriers, without them. AB (interstate and intrastate
 * hazmat) and C (intrastate non-hazmat) sets of each share a layout; all four are read together.
 */
import type { Adapter } from './types.ts';

const SMS_BASICS = ['unsafe_driv', 'hos_driv', 'driv_fit', 'contr_subst', 'veh_maint'] as const;
const TOTALS = ['dot_number', 'insp_total', 'driver_insp_total', 'driver_oos_insp_total', 'vehicle_insp_total', 'vehicle_oos_insp_total'];

/** AB Pass `m3ry-qcip`, C Pass `h3zn-uid9`: 36 columns. `_PCT` is `N%` or a reason in words. */
export const smsPass: Adapter = {
  name: 'smsPass',
  role: 'sms_pass',
  label: 'SMS Pass (m3ry-qcip / h3zn-uid9)',
  datasets: ['m3ry-qcip', 'h3zn-uid9'],
  columns: [...TOTALS, ...SMS_BASICS.flatMap((b) => ['insp_w_viol', 'measure', 'pct', 'rd_alert', 'ac', 'basic_alert'].map((f) => `${b}_${f}`))],
};

/** AB PassProperty `4y6x-dmck`, C PassProperty `h9zy-gjn8`: 21 columns, no percentiles. */
export const smsPassProperty: Adapter = {
  name: 'smsPassProperty',
  role: 'sms_pass',
  label: 'SMS PassProperty (4y6x-dmck / h9zy-gjn8)',
  datasets: ['4y6x-dmck', 'h9zy-gjn8'],
  columns: [...TOTALS, ...SMS_BASICS.flatMap((b) => ['insp_w_viol', 'measure', 'ac'].map((f) => `${b}_${f}`))],
};

/** SMS Input - Inspection `rbkj-cgst`: 39 columns, one row per inspection (24 months). */
export const smsInspection: Adapter = {
  name: 'smsInspection',
  role: 'sms_inspection',
  label: 'SMS Input Inspection (rbkj-cgst)',
  datasets: ['rbkj-cgst'],
  columns: [
    'unique_id', 'report_number', 'report_state', 'dot_number', 'insp_date', 'insp_level_id',
    'county_code_state', 'time_weight', 'driver_oos_total', 'vehicle_oos_total', 'total_hazmat_sent',
    'oos_total', 'hazmat_oos_total', 'hazmat_placard_req', 'unit_type_desc', 'unit_make', 'unit_license',
    'unit_license_state', 'vin', 'unit_decal_number', 'unit_type_desc2', 'unit_make2', 'unit_license2',
    'unit_license_state2', 'vin2', 'unit_decal_number2', 'unsafe_insp', 'fatigued_insp', 'dr_fitness_insp',
    'subt_alcohol_insp', 'vh_maint_insp', 'hm_insp', 'basic_viol', 'unsafe_viol', 'fatigued_viol',
    'dr_fitness_viol', 'subt_alcohol_viol', 'vh_maint_viol', 'hm_viol',
  ],
};

/** SMS Input - Crash `4wxs-vbns`: 22 columns, one row per crash (24 months). */
export const smsCrash: Adapter = {
  name: 'smsCrash',
  role: 'sms_crash',
  label: 'SMS Input Crash (4wxs-vbns)',
  datasets: ['4wxs-vbns'],
  columns: [
    'report_number', 'report_seq_no', 'dot_number', 'report_date', 'report_state', 'fatalities', 'injuries',
    'tow_away', 'hazmat_released', 'trafficway_desc', 'access_control_desc', 'road_surface_condition_desc',
    'weather_condition_desc', 'light_condition_desc', 'vehicle_id_number', 'vehicle_license_number',
    'vehicle_license_state', 'severity_weight', 'time_weight', 'citation_issued_desc', 'seq_num',
    'not_preventable',
  ],
};
