import type { Adapter } from './types.ts';

/** L&I AuthHist (sn3k-dnx7 / wahn-z3rq): 9 fields, no header (fmcsa-data.md §2.5). */
export const liAuthHist: Adapter = {
  name: 'liAuthHist',
  role: 'li_authhist',
  label: 'L&I AuthHist (9 fields, no header)',
  header: false,
  columns: [
    'docket_number', 'dot_number', 'sub_number', 'op_auth_type', 'original_action_desc',
    'original_action_served_date', 'final_action_desc', 'final_action_decision_date', 'final_action_served_date',
  ],
};
