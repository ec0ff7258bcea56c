import type { Adapter } from './types.ts';

/** L&I Carrier (6qg9-x4f8 / 6eyk-hxee): 43 fields, no header, all quoted (fmcsa-data.md §2.2). */
export const liCarrier: Adapter = {
  name: 'liCarrier',
  role: 'li_carrier',
  label: 'L&I Carrier (43 fields, no header)',
  header: false,
  columns: [
    'docket_number', 'dot_number', 'mx_type', 'rfc_number', 'common_stat', 'contract_stat', 'broker_stat',
    'common_app_pend', 'contract_app_pend', 'broker_app_pend', 'common_rev_pend', 'contract_rev_pend',
    'broker_rev_pend', 'property_chk', 'passenger_chk', 'hhg_chk', 'private_auth_chk', 'enterprise_chk',
    'min_cov_amount', 'cargo_req', 'bond_req', 'bipd_file', 'cargo_file', 'bond_file', 'undeliverable_mail',
    'dba_name', 'legal_name', 'bus_street_po', 'bus_colonia', 'bus_city', 'bus_state_code', 'bus_ctry_code',
    'bus_zip_code', 'bus_telno', 'bus_fax', 'mail_street_po', 'mail_colonia', 'mail_city', 'mail_state_code',
    'mail_ctry_code', 'mail_zip_code', 'mail_telno', 'mail_fax',
  ],
};
