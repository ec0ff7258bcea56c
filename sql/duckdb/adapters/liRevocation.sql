-- Legacy L&I Revocation (sa6p-acbp; 6 fields) → {{view}}: revocation orders, with the columns of
-- motusRevokeSuspend.sql. Exact duplicate lines occur; voluntary revocations often lack dates.
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_li_dot(dot_number, 'dot_number'),
    chk_docket(docket_number, 'docket_number'),
    chk_date(order1_serve_date, 'order1_serve_date'),
    chk_date(order2_effective_date, 'order2_effective_date')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  -- COMMON, CONTRACT or BROKER.
  utxt(type_license) AS kind,
  -- The authority as published (TYPE_LICENSE), as the Motus view has it.
  utxt(type_license) AS authority_type,
  utxt(order2_type_desc) AS order_type,
  date_of(order1_serve_date) AS serve_date,
  date_of(order2_effective_date) AS effective_date
FROM {{src}} AS src;
