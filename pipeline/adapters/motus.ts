/**
 * The Motus registration datasets (since 2026-05-14; fmcsa-published-2026.md §3). Each has an
 * All-With-History set and a Daily Difference set in the same layout; both spellings are upper
 * (`rows.csv`) or lower (`/resource`) case of the same names, and USDOT_NUMBER is the DOT column.
 * Amounts are whole dollars, dates YYYYMMDD, DOT numbers unpadded, dockets `MC123` or `MC-123`.
 */
import type { Adapter } from './types.ts';

const DOT_ALIAS = { usdot_number: 'dot_number' } as const;

/** Carrier `inys-ebih` / `nakq-58th`: one row per operating authority. */
export const motusCarrier: Adapter = {
  name: 'motusCarrier',
  role: 'motus_carrier',
  label: 'Motus Carrier (inys-ebih / nakq-58th)',
  datasets: ['inys-ebih', 'nakq-58th'],
  columns: [
    'docket_number', 'dot_number', 'rfc_number', 'op_auth_type', 'op_auth_status', 'min_cov_amount',
    'cargo_req', 'bond_req', 'bipd_file', 'cargo_file', 'bond_file', 'bus_undeliverable_mail',
    'mail_undeliverable_mail', 'dba_name', 'legal_name', 'bus_street_po', 'bus_colonia', 'bus_city',
    'bus_state_code', 'bus_ctry_code', 'bus_zip_code', 'bus_telno', 'mail_street_po', 'mail_colonia',
    'mail_city', 'mail_state_code', 'mail_ctry_code', 'mail_zip_code',
  ],
  aliases: DOT_ALIAS,
};

/** Insur `c5y8-a4uz` / `x96h-evps`: active and pending policies (no cancellation date). */
export const motusInsur: Adapter = {
  name: 'motusInsur',
  role: 'motus_insurance',
  label: 'Motus Insur (c5y8-a4uz / x96h-evps)',
  datasets: ['c5y8-a4uz', 'x96h-evps'],
  columns: [
    'docket_number', 'dot_number', 'ins_form_code', 'ins_type_code', 'ins_class_code', 'max_cov_amount',
    'underl_lim_amount', 'policy_no', 'effective_date', 'insurance_company_name', 'trans_date',
  ],
  aliases: DOT_ALIAS,
};

/** InsHist `3uet-3z4i` / `xe5s-wca7`: cancelled and replaced policies, with cancellation dates. */
export const motusInsHist: Adapter = {
  name: 'motusInsHist',
  role: 'motus_inshist',
  label: 'Motus InsHist (3uet-3z4i / xe5s-wca7)',
  datasets: ['3uet-3z4i', 'xe5s-wca7'],
  columns: [
    'docket_number', 'dot_number', 'ins_form_code', 'filing_status_reason', 'ins_type_code', 'ins_type_ind',
    'policy_no', 'ins_type_desc', 'min_cov_amount', 'ins_class_code', 'effective_date', 'underl_lim_amount',
    'max_cov_amount', 'cancl_effective_date', 'insurance_company_name',
  ],
  aliases: DOT_ALIAS,
};

/** AuthHist `yu5v-wbh6` / `dm5j-zc6c`: authority status changes, back-history included. */
export const motusAuthHist: Adapter = {
  name: 'motusAuthHist',
  role: 'motus_authhist',
  label: 'Motus AuthHist (yu5v-wbh6 / dm5j-zc6c)',
  datasets: ['yu5v-wbh6', 'dm5j-zc6c'],
  columns: ['docket_number', 'dot_number', 'op_auth_type', 'op_auth_status', 'reason', 'status_change_date'],
  aliases: DOT_ALIAS,
};

/** RevokeSuspend `wb4f-neki` / `e67p-xyd5`: revocation and suspension orders. */
export const motusRevokeSuspend: Adapter = {
  name: 'motusRevokeSuspend',
  role: 'motus_revocation',
  label: 'Motus RevokeSuspend (wb4f-neki / e67p-xyd5)',
  datasets: ['wb4f-neki', 'e67p-xyd5'],
  columns: ['docket_number', 'dot_number', 'op_auth_type', 'order1_serve_date', 'order1_type_desc', 'order1_effective_date'],
  aliases: DOT_ALIAS,
};
