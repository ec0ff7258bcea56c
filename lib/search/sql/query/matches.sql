-- The carriers matching a search's filters, as `s`: the first part of every statement that reads
-- carrier_search with them (lib/search/query/statements.ts puts it before the statement's body,
-- whose own parameters start at $22). A NULL parameter switches its filter off; the statements are
-- planned with their values, so a switched-off filter costs nothing, and the CTE is inlined.
--  $1 active  $2 states  $3 entity code  $4 cargo bit mask  $5 keys ('c:' city, 'o:' operation)
--  $6 officer LIKE pattern  $7 phone  $8 e-mail  $9 MC  $10/$11 fleet min/max  $12 authority since
--  $13..$20 query words, each the name words one query word may match
--  $21 the words the words index may answer, bit i for $13 + i: the others are checked on the
--      rows read (IS TRUE keeps the planner off the index: intersecting the bitmap of a common
--      word costs more than checking it on a few thousand rows)
WITH s AS NOT MATERIALIZED (
  SELECT *
  FROM carrier_search s
  WHERE ($1::boolean IS NULL OR s.active = $1)
    AND ($2::text[] IS NULL
         -- one state as an equality: the (state, name) index then also gives the order
         OR (cardinality($2) = 1 AND s.state = ($2)[1])
         OR (cardinality($2) > 1 AND s.state = ANY ($2)))
    AND ($3::smallint IS NULL OR s.entity = $3)
    AND ($4::bigint IS NULL OR s.cargo_bits & $4 <> 0)
    AND ($5::text[] IS NULL OR s.keys @> $5)
    AND ($6::text IS NULL OR s.officers LIKE $6)
    AND ($7::text IS NULL OR s.phone = $7)
    AND ($8::text IS NULL OR s.email = $8)
    AND ($9::text IS NULL OR s.mc = $9)
    AND ($10::integer IS NULL OR s.power_units >= $10)
    AND ($11::integer IS NULL OR s.power_units <= $11)
    AND ($12::date IS NULL OR s.auth_since <= $12)
    AND ($13::text[] IS NULL OR CASE WHEN $21::integer & 1 <> 0 THEN s.terms && $13 ELSE (s.terms && $13) IS TRUE END)
    AND ($14::text[] IS NULL OR CASE WHEN $21 & 2 <> 0 THEN s.terms && $14 ELSE (s.terms && $14) IS TRUE END)
    AND ($15::text[] IS NULL OR CASE WHEN $21 & 4 <> 0 THEN s.terms && $15 ELSE (s.terms && $15) IS TRUE END)
    AND ($16::text[] IS NULL OR CASE WHEN $21 & 8 <> 0 THEN s.terms && $16 ELSE (s.terms && $16) IS TRUE END)
    AND ($17::text[] IS NULL OR CASE WHEN $21 & 16 <> 0 THEN s.terms && $17 ELSE (s.terms && $17) IS TRUE END)
    AND ($18::text[] IS NULL OR CASE WHEN $21 & 32 <> 0 THEN s.terms && $18 ELSE (s.terms && $18) IS TRUE END)
    AND ($19::text[] IS NULL OR CASE WHEN $21 & 64 <> 0 THEN s.terms && $19 ELSE (s.terms && $19) IS TRUE END)
    AND ($20::text[] IS NULL OR CASE WHEN $21 & 128 <> 0 THEN s.terms && $20 ELSE (s.terms && $20) IS TRUE END)
)
