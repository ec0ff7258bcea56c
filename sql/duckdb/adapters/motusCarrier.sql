-- Motus Carrier (inys-ebih / nakq-58th) → {{view}}: one row per operating authority. Amounts are
-- whole dollars (the column descriptions' "(in thousands)" is wrong: fmcsa-published-2026.md §0.4).
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_opt_dot(dot_number, 'USDOT_NUMBER'),
    chk_docket(docket_number, 'DOCKET_NUMBER'),
    chk_amount(min_cov_amount, 'MIN_COV_AMOUNT'),
    chk_amount(bipd_file, 'BIPD_FILE'),
    chk_amount(cargo_file, 'CARGO_FILE'),
    chk_amount(bond_file, 'BOND_FILE')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  txt(op_auth_type) AS authority_type,
  authority_kind_of(op_auth_type) AS kind,
  motus_status_of(op_auth_status) AS status,
  dollars_of(min_cov_amount) AS bipd_required,
  dollars_of(bipd_file) AS bipd_on_file,
  filed_of(cargo_file) AS cargo_filed,
  on_file_of(cargo_file, 1) AS cargo_on_file,
  filed_of(bond_file) AS bond_filed,
  on_file_of(bond_file, 1) AS bond_on_file
FROM {{src}} AS src;
