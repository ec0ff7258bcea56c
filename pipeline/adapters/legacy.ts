/**
 * The legacy L&I datasets, frozen on 2026-05-14 (fmcsa-published-2026.md §4). Each is published
 * twice: as a Socrata archive with a header (display names in `rows.csv`, field names such as
 * `mod_col_1` in `/resource` exports) and as a header-less text file with the same fields in the
 * same order (every field quoted, DOT zero-padded to 8 digits, dates MM/DD/YYYY).
 */
import { isDateOrBlank, isDocket, isPaddedDot } from './shapes.ts';
import type { Adapter } from './types.ts';

const STAT = /^[AIN ]?$/;

/** Carrier `6eyk-hxee` (text 6qg9-x4f8 / u4i8-4m26): 43 fields, one row per docket. */
export const liCarrier: Adapter = {
  name: 'liCarrier',
  role: 'li_carrier',
  label: 'legacy L&I Carrier (6eyk-hxee)',
  datasets: ['6eyk-hxee'],
  columns: [
    'docket_number', 'dot_number', 'mx_type', 'rfc_number', 'common_stat', 'contract_stat', 'broker_stat',
    'common_app_pend', 'contract_app_pend', 'broker_app_pend', 'common_rev_pend', 'contract_rev_pend',
    'broker_rev_pend', 'property_chk', 'passenger_chk', 'hhg_chk', 'private_auth_chk', 'enterprise_chk',
    'min_cov_amount', 'cargo_req', 'bond_req', 'bipd_file', 'cargo_file', 'bond_file', 'undeliverable_mail',
    'dba_name', 'legal_name', 'bus_street_po', 'bus_colonia', 'bus_city', 'bus_state_code', 'bus_ctry_code',
    'bus_zip_code', 'bus_telno', 'bus_fax', 'mail_street_po', 'mail_colonia', 'mail_city', 'mail_state_code',
    'mail_ctry_code', 'mail_zip_code', 'mail_telno', 'mail_fax',
  ],
  textShape: (f) => isDocket(f[0]) && isPaddedDot(f[1]) && [f[4], f[5], f[6]].every((s) => STAT.test(s.trim())),
};

/** ActPendInsur `qh9u-swkp` (text chgs-tx6x / y77m-3nfx): 11 fields, active and pending policies. */
export const liActPendIns: Adapter = {
  name: 'liActPendIns',
  role: 'li_insurance',
  label: 'legacy L&I ActPendInsur (qh9u-swkp)',
  datasets: ['qh9u-swkp'],
  columns: [
    'docket_number', 'dot_number', 'ins_form_code', 'ins_type_desc', 'name_company', 'policy_no',
    'trans_date', 'underl_lim_amount', 'max_cov_amount', 'effective_date', 'cancl_effective_date',
  ],
  aliases: { mod_col_1: 'ins_type_desc' },
  textShape: (f) => isDocket(f[0]) && isPaddedDot(f[1]) && isDateOrBlank(f[6]) && isDateOrBlank(f[9]) && isDateOrBlank(f[10]),
};

/**
 * Insur `ypjt-5ydn` (text mzmm-6xep): 9 fields and no DOT column; a policy's carrier is the
 * legacy Carrier row of its docket.
 */
export const liInsur: Adapter = {
  name: 'liInsur',
  role: 'li_insurance',
  label: 'legacy L&I Insur (ypjt-5ydn)',
  datasets: ['ypjt-5ydn'],
  columns: [
    'prefix_docket_number', 'ins_type_code', 'ins_class_code', 'max_cov_amount', 'underl_lim_amount',
    'policy_no', 'effective_date', 'ins_form_code', 'name_company',
  ],
  aliases: { docket_number: 'prefix_docket_number' },
  textShape: (f) => isDocket(f[0]) && /^[1-4]$/.test(f[1].trim()) && isDateOrBlank(f[6]),
};

/** AuthHist `9mw4-x3tu` (text sn3k-dnx7 / wahn-z3rq): 9 fields, one row per authority action. */
export const liAuthHist: Adapter = {
  name: 'liAuthHist',
  role: 'li_authhist',
  label: 'legacy L&I AuthHist (9mw4-x3tu)',
  datasets: ['9mw4-x3tu'],
  columns: [
    'docket_number', 'dot_number', 'sub_number', 'op_auth_type', 'original_action_desc', 'orig_served_date',
    'disp_action_desc', 'disp_decided_date', 'disp_served_date',
  ],
  aliases: { mod_col_1: 'op_auth_type' },
  textShape: (f) => isDocket(f[0]) && isPaddedDot(f[1]) && isDateOrBlank(f[5]) && isDateOrBlank(f[7]) && isDateOrBlank(f[8]),
};

/** InsHist `6sqe-dvqs` (text xkmg-ff2t / nzpz-e5xn): 17 fields, ended and replaced policies. */
export const liInsHist: Adapter = {
  name: 'liInsHist',
  role: 'li_inshist',
  label: 'legacy L&I InsHist (6sqe-dvqs)',
  datasets: ['6sqe-dvqs'],
  columns: [
    'docket_number', 'dot_number', 'ins_form_code', 'cancl_method_gen', 'ins_cancl_form', 'ins_type_ind',
    'ins_type_desc', 'policy_no', 'min_cov_amount', 'ins_class_code', 'effective_date', 'underl_lim_amount',
    'max_cov_amount', 'cancl_effective_date', 'cancl_method', 'inser_branch', 'name_company',
  ],
  aliases: {
    mod_col_1: 'cancl_method_gen',
    mod_col_2: 'ins_type_ind',
    mod_col_3: 'ins_type_desc',
    mod_col_4: 'underl_lim_amount',
    mod_col_5: 'max_cov_amount',
  },
  textShape: (f) => isDocket(f[0]) && isPaddedDot(f[1]) && isDateOrBlank(f[10]) && isDateOrBlank(f[13]),
};

/**
 * Revocation `sa6p-acbp` (text pivg-szje / rwr4-5nkg): 6 fields. A copy of the text file with a
 * header line of its own naming exists (shared/data/fmcsa-real/li-revocation-2024-08-06.txt):
 * its names are aliases, so it binds by name like the archive.
 */
export const liRevocation: Adapter = {
  name: 'liRevocation',
  role: 'li_revocation',
  label: 'legacy L&I Revocation (sa6p-acbp)',
  datasets: ['sa6p-acbp'],
  columns: ['docket_number', 'dot_number', 'type_license', 'order1_serve_date', 'order2_type_desc', 'order2_effective_date'],
  aliases: {
    operating_authority_registration_type: 'type_license',
    serve_date: 'order1_serve_date',
    revocation_type: 'order2_type_desc',
    effective_date: 'order2_effective_date',
  },
  textShape: (f) => isDocket(f[0]) && isPaddedDot(f[1]) && isDateOrBlank(f[3]) && isDateOrBlank(f[5]),
};
