import type { Adapter } from './types.ts';

export const SMS_BASICS = ['UNSAFE_DRIV', 'HOS_DRIV', 'DRIV_FIT', 'CONTR_SUBST', 'VEH_MAINT'] as const;

/** SMS AB Pass / C Pass (m3ry-qcip, h3zn-uid9): 36 columns, header (fmcsa-data.md §4). */
export const smsPass: Adapter = {
  name: 'smsPass',
  role: 'sms_pass',
  label: 'SMS Pass (36 columns)',
  header: true,
  columns: [
    'DOT_NUMBER', 'INSP_TOTAL', 'DRIVER_INSP_TOTAL', 'DRIVER_OOS_INSP_TOTAL', 'VEHICLE_INSP_TOTAL',
    'VEHICLE_OOS_INSP_TOTAL',
    ...SMS_BASICS.flatMap((b) =>
      ['INSP_W_VIOL', 'MEASURE', 'PCT', 'RD_ALERT', 'AC', 'BASIC_ALERT'].map((f) => `${b}_${f}`),
    ),
  ],
};
