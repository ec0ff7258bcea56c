-- The search_postings entries passing a walk's filters, as `p`: the first part of every statement
-- that reads the postings with them (lib/search/query/statements.ts puts it before the
-- statement's body, whose own parameters start at $8). NULL switches a filter off, as in
-- matches.sql.
--  $1 states  $2 entity code  $3 cargo bit mask  $4/$5 fleet min/max  $6 authority since
--  $7 DOTs to leave out (the relevance order's head, read before)
WITH p AS NOT MATERIALIZED (
  SELECT *
  FROM search_postings p
  WHERE ($1::text[] IS NULL OR p.state = ANY ($1))
    AND ($2::smallint IS NULL OR p.entity = $2)
    AND ($3::bigint IS NULL OR p.cargo_bits & $3 <> 0)
    AND ($4::integer IS NULL OR p.power_units >= $4)
    AND ($5::integer IS NULL OR p.power_units <= $5)
    AND ($6::date IS NULL OR p.auth_since <= $6)
    AND p.id <> ALL ($7::integer[])
)
