import type { Adapter } from './types.ts';

/** SMS Input - Motor Carrier Census kjg3-diqy: 42 columns, header row (fmcsa-data.md §1.4). */
export const censusSms42: Adapter = {
  name: 'censusSms42',
  role: 'census',
  label: 'SMS census (kjg3-diqy, 42 columns)',
  header: true,
  columns: [
    'DOT_NUMBER', 'LEGAL_NAME', 'DBA_NAME', 'CARRIER_OPERATION', 'HM_FLAG', 'PC_FLAG', 'PHY_STREET',
    'PHY_CITY', 'PHY_STATE', 'PHY_ZIP', 'PHY_COUNTRY', 'MAILING_STREET', 'MAILING_CITY', 'MAILING_STATE',
    'MAILING_ZIP', 'MAILING_COUNTRY', 'TELEPHONE', 'FAX', 'EMAIL_ADDRESS', 'MCS150_DATE', 'MCS150_MILEAGE',
    'MCS150_MILEAGE_YEAR', 'ADD_DATE', 'OIC_STATE', 'NBR_POWER_UNIT', 'DRIVER_TOTAL', 'RECENT_MILEAGE',
    'RECENT_MILEAGE_YEAR', 'VMT_SOURCE_ID', 'PRIVATE_ONLY', 'AUTHORIZED_FOR_HIRE', 'EXEMPT_FOR_HIRE',
    'PRIVATE_PROPERTY', 'PRIVATE_PASSENGER_BUSINESS', 'PRIVATE_PASSENGER_NONBUSINESS', 'MIGRANT', 'US_MAIL',
    'FEDERAL_GOVERNMENT', 'STATE_GOVERNMENT', 'LOCAL_GOVERNMENT', 'INDIAN_TRIBE', 'OP_OTHER',
  ],
};
