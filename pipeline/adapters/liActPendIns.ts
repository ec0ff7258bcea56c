import type { Adapter } from './types.ts';

/** L&I ActPendInsur (chgs-tx6x / y77m-3nfx): 11 fields, no header (fmcsa-data.md §2.3). */
export const liActPendIns: Adapter = {
  name: 'liActPendIns',
  role: 'li_insurance',
  label: 'L&I ActPendInsur (11 fields, no header)',
  header: false,
  columns: [
    'docket_number', 'dot_number', 'ins_form_code', 'insurance_type_description', 'insurance_company_name',
    'policy_no', 'posted_date', 'underl_lim_amount', 'max_cov_amount', 'effective_date', 'cancel_effective_date',
  ],
};
