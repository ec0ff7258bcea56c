import type { Adapter } from './types.ts';

/** SMS Input - Crash (4wxs-vbns): 22 columns, header (fmcsa-data.md §3.3). */
export const smsCrash: Adapter = {
  name: 'smsCrash',
  role: 'sms_crash',
  label: 'SMS Input Crash (22 columns)',
  header: true,
  columns: [
    'report_number', 'report_seq_no', 'dot_number', 'report_date', 'report_state', 'fatalities', 'injuries',
    'tow_away', 'hazmat_released', 'trafficway_desc', 'access_control_desc', 'road_surface_condition_desc',
    'weather_condition_desc', 'light_condition_desc', 'vehicle_id_number', 'vehicle_license_number',
    'vehicle_license_state', 'severity_weight', 'time_weight', 'citation_issued_desc', 'seq_num',
    'not_preventable',
  ],
};
