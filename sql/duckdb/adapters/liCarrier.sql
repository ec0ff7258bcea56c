-- Legacy L&I Carrier (6eyk-hxee; 43 fields) → {{view}}: one row per docket. MIN_COV_AMOUNT and
-- BIPD_FILE are thousands of dollars zero-filled ('00750' = $750,000); CARGO_FILE and BOND_FILE
-- are Y/N in every real row (an amount in some copies): on_file_of.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_li_dot(dot_number, 'dot_number'),
    chk_docket(docket_number, 'docket_number'),
    chk_amount(min_cov_amount, 'min_cov_amount'),
    chk_amount(bipd_file, 'bipd_file'),
    chk_amount(cargo_file, 'cargo_file'),
    chk_amount(bond_file, 'bond_file')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  authority_of(common_stat, common_app_pend) AS common_status,
  authority_of(contract_stat, contract_app_pend) AS contract_status,
  authority_of(broker_stat, broker_app_pend) AS broker_status,
  flag(common_rev_pend) AS common_rev_pend,
  flag(contract_rev_pend) AS contract_rev_pend,
  flag(broker_rev_pend) AS broker_rev_pend,
  amount_of(min_cov_amount) AS bipd_required,
  amount_of(bipd_file) AS bipd_on_file,
  filed_of(cargo_file) AS cargo_filed,
  on_file_of(cargo_file, 1000) AS cargo_on_file,
  filed_of(bond_file) AS bond_filed,
  on_file_of(bond_file, 1000) AS bond_on_file
FROM {{src}} AS src;
