/**
 * A source adapter reads one published layout into the canonical DuckDB view of its role. Files
 * are bound to adapters by their header (column names, case-insensitive, any order, either of the
 * two spellings Socrata serves) or, for the header-less legacy L&I text files, by field count and
 * the shape of the first record's fields. A new layout is one new adapter: a column list here and
 * a mapping in sql/duckdb/adapters/<name>.sql that reads the canonical column names.
 */

/** What a file is for; each role has one canonical view per run (sql/duckdb/adapters). */
export type Role =
  | 'census'
  | 'li_carrier'
  | 'li_insurance'
  | 'li_authhist'
  | 'li_inshist'
  | 'li_revocation'
  | 'motus_carrier'
  | 'motus_insurance'
  | 'motus_inshist'
  | 'motus_authhist'
  | 'motus_revocation'
  | 'sms_pass'
  | 'sms_inspection'
  | 'sms_crash';

export interface Adapter {
  /** Also the SQL file: sql/duckdb/adapters/<name>.sql. */
  name: string;
  role: Role;
  /** For messages: what the layout is, e.g. 'Company Census (az4n-8mr2)'. */
  label: string;
  /** The data.transportation.gov datasets published in this layout (data/fmcsa-datasets.json). */
  datasets: readonly string[];
  /**
   * Every column in published order, by its canonical name: the lowercase display name of the
   * `rows.csv` export. The header-less text layout has the same fields in this order.
   */
  columns: readonly string[];
  /**
   * Other published spellings of a column (lowercase) → its canonical name: the `/resource`
   * field names (`mod_col_1`, `usdot_number`) and the headers of copies seen in the wild.
   */
  aliases?: Readonly<Record<string, string>>;
  /**
   * Header-less text layout (legacy L&I): whether a first record's fields have this layout's
   * shape (its field count is checked before). Absent: the file must have a header.
   */
  textShape?: (fields: string[]) => boolean;
}
