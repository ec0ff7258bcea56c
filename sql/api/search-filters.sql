-- The WHERE clause every carrier_search query of lib/search/query/postgres.ts shares (inserted at
-- its filters marker; `s` is carrier_search). A NULL parameter switches its filter off; the
-- statements are planned with their values, so switched-off filters cost nothing.
--  $1 active  $2 states  $3 entity code  $4 cargo bit mask  $5 keys ('c:' city, 'o:' operation)  $6 officer LIKE pattern
--  $7 phone  $8 email  $9 MC  $10/$11 fleet min/max  $12 authority since
--  $13..$20 query words: each the name words one query word may match
    ($1::boolean IS NULL OR s.active = $1)
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
AND ($13::text[] IS NULL OR s.terms && $13)
AND ($14::text[] IS NULL OR s.terms && $14)
AND ($15::text[] IS NULL OR s.terms && $15)
AND ($16::text[] IS NULL OR s.terms && $16)
AND ($17::text[] IS NULL OR s.terms && $17)
AND ($18::text[] IS NULL OR s.terms && $18)
AND ($19::text[] IS NULL OR s.terms && $19)
AND ($20::text[] IS NULL OR s.terms && $20)
