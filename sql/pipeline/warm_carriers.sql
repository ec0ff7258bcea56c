-- The pages of carriers $1 (DOTs) in the tables a load rewrites by DOT, read in: bitmap scans
-- (the caller turns plain index scans off) visit each table's pages in block order, PostgreSQL
-- reading ahead of them. Each count reads a column, so that every page is fetched.
SELECT (SELECT count(legal_name) FROM carriers WHERE dot_number = ANY ($1::text[]))
     + (SELECT count(body) FROM carrier_core_json WHERE dot_number = ANY ($1::text[]))
     + (SELECT count(policy_number) FROM insurance_policies WHERE dot_number = ANY ($1::text[])) AS rows
