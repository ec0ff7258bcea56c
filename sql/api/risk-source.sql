-- POST /v1/carriers/{dot}/risk-score: what the model reads (lib/risk RISK_SNAPSHOT_FIELDS), the
-- chameleon links of the nightly run and the served run's batch date (the score's as_of), in one
-- statement so a concurrent load cannot mix runs.
SELECT
  c.dot_number, c.carrier_status, c.authority_status, c.contract_authority_status, c.broker_authority_status,
  c.common_authority_date, c.contract_authority_date, c.revocation_pending, c.add_date, c.mcs150_date,
  c.safety_rating, c.power_units, c.max_bipd, c.max_cargo, c.driver_inspections, c.driver_oos_inspections,
  c.driver_oos_rate, c.vehicle_inspections, c.vehicle_oos_inspections, c.vehicle_oos_rate, c.total_crashes,
  c.fatal_crashes, c.basics, c.carrier_operation, c.entity_type, c.operation_classification,
  c.chameleon_links, r.batch_ts
FROM carriers c
CROSS JOIN LATERAL (
  SELECT batch_ts FROM etl_runs WHERE status = 'succeeded'
  ORDER BY batch_ts DESC, etl_run_id DESC LIMIT 1
) r
WHERE c.dot_number = $1
