-- Motus RevokeSuspend (wb4f-neki / e67p-xyd5) → {{view}}: revocation and suspension orders, with
-- the columns of liRevocation.sql (kind CARRIER, BROKER or FREIGHT FORWARDER).
CREATE OR REPLACE VIEW {{view}} AS
SELECT
  _row,
  coalesce(
    chk_opt_dot(dot_number, 'USDOT_NUMBER'),
    chk_docket(docket_number, 'DOCKET_NUMBER'),
    chk_date(order1_serve_date, 'ORDER1_SERVE_DATE'),
    chk_date(order1_effective_date, 'ORDER1_EFFECTIVE_DATE')
  ) AS _error,
  dot_of(dot_number) AS dot_number,
  docket_prefix_of(docket_number) AS docket_prefix,
  docket_number_of(docket_number) AS docket_number,
  authority_kind_of(op_auth_type) AS kind,
  -- The authority as published (OP_AUTH_TYPE, e.g. 'Motor Carrier of Property (Except Household Goods)').
  txt(op_auth_type) AS authority_type,
  utxt(order1_type_desc) AS order_type,
  date_of(order1_serve_date) AS serve_date,
  date_of(order1_effective_date) AS effective_date
FROM {{src}} AS src;
