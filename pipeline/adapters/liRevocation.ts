import type { Adapter } from './types.ts';

/** L&I Revocation (pivg-szje): 6 fields, no header (fmcsa-data.md §2.5). */
export const liRevocation: Adapter = {
  name: 'liRevocation',
  role: 'li_revocation',
  label: 'L&I Revocation (6 fields, no header)',
  header: false,
  columns: ['docket_number', 'dot_number', 'registration_type', 'serve_date', 'revocation_type', 'effective_date'],
};
