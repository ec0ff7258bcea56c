-- L&I Carrier (43 fields) → view {{schema}}.li_carrier: one row per docket. Amounts are thousands of
-- dollars zero-filled ('00750' = $750,000); a Y/N where an amount belongs reads as 0.
CREATE OR REPLACE VIEW {{schema}}.li_carrier AS
SELECT
  _row,
  coalesce(
    chk_li_dot(src.dot_number, 'dot_number'),
    chk_docket(src.docket_number, 'docket_number'),
    chk_amount(min_cov_amount, 'min_cov_amount'),
    chk_amount(bipd_file, 'bipd_file'),
    chk_amount(cargo_file, 'cargo_file'),
    chk_amount(bond_file, 'bond_file')
  ) AS _error,
  dot_of(src.dot_number) AS dot_number,
  docket_prefix_of(src.docket_number) AS docket_prefix,
  docket_number_of(src.docket_number) AS docket_number,
  authority_of(common_stat) AS authority_status,
  authority_of(contract_stat) AS contract_authority_status,
  authority_of(broker_stat) AS broker_authority_status,
  flag(common_rev_pend) AS common_rev_pend,
  flag(contract_rev_pend) AS contract_rev_pend,
  flag(broker_rev_pend) AS broker_rev_pend,
  amount_of(min_cov_amount) AS bipd_required,
  amount_of(bipd_file) AS bipd_on_file,
  amount_of(cargo_file) AS cargo_on_file,
  amount_of(bond_file) AS bond_on_file
FROM {{schema}}.li_carrier_src AS src;
