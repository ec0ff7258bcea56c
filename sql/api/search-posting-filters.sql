-- The filters search_postings holds, on alias p, shared by the walks over it (search-walk*.sql):
-- $3 states, $4 entity, $5 cargo bit mask, $6/$7 fleet min/max, $8 authority since, $9 DOTs to skip.
($3::text[] IS NULL OR p.state = ANY ($3))
  AND ($4::smallint IS NULL OR p.entity = $4)
  AND ($5::bigint IS NULL OR p.cargo_bits & $5 <> 0)
  AND ($6::integer IS NULL OR p.power_units >= $6)
  AND ($7::integer IS NULL OR p.power_units <= $7)
  AND ($8::date IS NULL OR p.auth_since <= $8)
  AND p.id <> ALL ($9::integer[])
