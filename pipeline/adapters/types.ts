/**
 * A source adapter reads one file layout into the canonical DuckDB table of its role.
 * Supporting a new layout (a renamed column set, a MOTUS dataset) is one new adapter: a column
 * list here and a mapping in sql/duckdb/adapters/<name>.sql producing the role's table.
 */

/** What a file is for; each role has one canonical table per run (see sql/duckdb/adapters). */
export type Role =
  | 'census'
  | 'li_carrier'
  | 'li_authhist'
  | 'li_insurance'
  | 'li_revocation'
  | 'sms_pass'
  | 'sms_inspection'
  | 'sms_crash';

/** Every role must be present in a day folder; the file name is what pipeline/synth writes. */
export const ROLE_FILES: Record<Role, string> = {
  census: 'census.csv',
  li_carrier: 'carrier.txt',
  li_authhist: 'authhist.txt',
  li_insurance: 'actpendins.txt',
  li_revocation: 'revocation.txt',
  sms_pass: 'sms_ab_pass.csv',
  sms_inspection: 'sms_inspection.csv',
  sms_crash: 'crash.csv',
};

export interface Adapter {
  /** Also the SQL file: sql/duckdb/adapters/<name>.sql. */
  name: string;
  role: Role;
  /** For messages: what the layout is, e.g. 'Company Census (az4n-8mr2)'. */
  label: string;
  /** true: the first line names the columns (and must equal `columns`); false: data from line 1. */
  header: boolean;
  /** Every column in file order; read as VARCHAR. */
  columns: readonly string[];
}
