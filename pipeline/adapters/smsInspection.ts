import type { Adapter } from './types.ts';

/** SMS Input - Inspection (rbkj-cgst): 39 columns, header (fmcsa-data.md §3.3). */
export const smsInspection: Adapter = {
  name: 'smsInspection',
  role: 'sms_inspection',
  label: 'SMS Input Inspection (39 columns)',
  header: true,
  columns: [
    'Unique_ID', 'Report_Number', 'Report_State', 'DOT_Number', 'Insp_Date', 'Insp_level_ID',
    'County_code_State', 'Time_Weight', 'Driver_OOS_Total', 'Vehicle_OOS_Total', 'Total_Hazmat_Sent',
    'OOS_Total', 'Hazmat_OOS_Total', 'Hazmat_Placard_req', 'Unit_Type_Desc', 'Unit_Make', 'Unit_License',
    'Unit_License_State', 'VIN', 'Unit_Decal_Number', 'Unit_Type_Desc2', 'Unit_Make2', 'Unit_License2',
    'Unit_License_State2', 'VIN2', 'Unit_Decal_Number2', 'Unsafe_Insp', 'Fatigued_Insp', 'Dr_Fitness_Insp',
    'Subt_Alcohol_Insp', 'Vh_Maint_Insp', 'HM_Insp', 'BASIC_Viol', 'Unsafe_Viol', 'Fatigued_Viol',
    'Dr_Fitness_Viol', 'Subt_Alcohol_Viol', 'Vh_Maint_Viol', 'HM_Viol',
  ],
};
