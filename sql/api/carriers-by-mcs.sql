-- Bulk-by-MC's stored core profiles for these bare MC numbers ({{mc_numbers}}: a text[] literal),
-- any status (an MC can belong to several carriers), each row beside the run served. Always at
-- least one row while a run is served (dot_number, mc_number and body NULL when nothing matched),
-- so the handler learns the run its rows come from and never joins them to cached profiles of
-- another run. No aggregation: string_agg and its sort, or a GROUP BY per MC number, cost
-- PostgreSQL more than handing the rows over. Read through COPY (FORMAT binary)
-- (lib/binary-copy.ts), so the profiles reach the answer as bytes, never decoded into strings and
-- encoded again.
SELECT r.etl_run_id::text, j.dot_number, j.mc_number, j.body
FROM (
  SELECT etl_run_id FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
) r
LEFT JOIN LATERAL (
  SELECT dot_number, mc_number, body FROM carrier_core_json WHERE mc_number = ANY({{mc_numbers}})
) j ON true
