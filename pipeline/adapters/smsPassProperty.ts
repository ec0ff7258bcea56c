import type { Adapter } from './types.ts';
import { SMS_BASICS } from './smsPass.ts';

/**
 * SMS AB/C PassProperty (4y6x-dmck, h9zy-gjn8): 21 columns, header. Percentiles and alerts of
 * property carriers are withheld from the public, so only measures and the AC flag remain.
 */
export const smsPassProperty: Adapter = {
  name: 'smsPassProperty',
  role: 'sms_pass',
  label: 'SMS PassProperty (21 columns)',
  header: true,
  columns: [
    'DOT_NUMBER', 'INSP_TOTAL', 'DRIVER_INSP_TOTAL', 'DRIVER_OOS_INSP_TOTAL', 'VEHICLE_INSP_TOTAL',
    'VEHICLE_OOS_INSP_TOTAL',
    ...SMS_BASICS.flatMap((b) => ['INSP_W_VIOL', 'MEASURE', 'AC'].map((f) => `${b}_${f}`)),
  ],
};
