-- Account $1's receipts, of DOT $2 (NULL: all), newest first; $3 per page, $4 rows to skip.
-- total counts every matching receipt.
WITH matching AS (
  SELECT id, dot_number, as_of, etl_run_id, batch_ts, issued_at, profile_sha256, kid
  FROM receipts
  WHERE account_id = $1 AND ($2::text IS NULL OR dot_number = $2)
)
SELECT (SELECT count(*)::integer FROM matching) AS total,
       coalesce((
         SELECT json_agg(json_build_object(
                  'id', p.id, 'dot_number', p.dot_number, 'as_of', p.as_of, 'etl_run_id', p.etl_run_id,
                  'batch_ts', p.batch_ts, 'issued_at', p.issued_at, 'profile_sha256', p.profile_sha256,
                  'key_id', p.kid)
                ORDER BY p.issued_at DESC, p.id)
         FROM (SELECT * FROM matching ORDER BY issued_at DESC, id LIMIT $3 OFFSET $4) p
       ), '[]') AS receipts
