-- Foresight (issue 40, item 2; docs/foresight.md): dated future events of a carrier, served by
-- GET /v1/carriers/{dot_number}/upcoming and alerted to watchers at 30, 7 and 0 days before.
--
-- scheduled_events, a new snapshot column (lib/snapshot.ts documents it): what the registry has
-- already dated after the run's batch date, each with its source, dataset and record: revocation
-- and suspension orders not yet in effect (legacy Revocation, Motus RevokeSuspend) and the
-- cancellations of policies in force. Kept in the history like every snapshot column, so the
-- implicit versions' view (migrations 024, 027) and carrier_versions gain it too, in
-- carrier_history's column order (history_materialize_carriers.sql inserts by position).
ALTER TABLE carriers ADD COLUMN scheduled_events jsonb NOT NULL DEFAULT '[]';
ALTER TABLE carrier_history ADD COLUMN scheduled_events jsonb NOT NULL DEFAULT '[]';

DROP VIEW carrier_versions;
DROP VIEW carrier_history_implicit;

CREATE VIEW carrier_history_implicit AS
SELECT c.dot_number, b.valid_from, NULL::date AS valid_to, b.etl_run_id AS valid_from_run, NULL::integer AS valid_to_run,
  c.mc_number, c.legal_name, c.dba_name, c.entity_type, c.carrier_status, c.authority_status,
  c.contract_authority_status, c.broker_authority_status, c.common_authority_date,
  c.contract_authority_date, c.revocation_pending, c.phy_street, c.phy_city, c.phy_state,
  c.phy_zip, c.phone, c.email, c.officer_1, c.officer_2, c.power_units, c.drivers, c.mcs150_date,
  c.mcs150_mileage, c.mcs150_mileage_year, c.add_date, c.safety_rating, c.cargo_carried,
  c.operation_classification, c.bipd_required, c.bipd_on_file, c.cargo_on_file, c.bond_on_file,
  c.max_bipd, c.max_cargo, c.active_policy_count, c.next_expiration, c.driver_inspections,
  c.driver_oos_inspections, c.vehicle_inspections, c.vehicle_oos_inspections, c.hazmat_inspections,
  c.hazmat_oos_inspections, c.driver_oos_rate, c.vehicle_oos_rate, c.hazmat_oos_rate,
  c.total_crashes, c.fatal_crashes, c.injury_crashes, c.tow_crashes, c.basics, c.lat, c.lon,
  c.carrier_operation, c.authorities, c.authority_source, c.operation_other, c.cargo_filed,
  c.bond_filed, c.insurance_source, c.scheduled_events
FROM carriers c
CROSS JOIN history_baseline b
WHERE NOT EXISTS (SELECT 1 FROM carrier_history x WHERE x.dot_number = c.dot_number);

CREATE VIEW carrier_versions AS
SELECT * FROM carrier_history
UNION ALL
SELECT * FROM carrier_history_implicit;

-- watchlist.upcoming: a webhook event of its own (jobs/upcoming-check.ts). Like watchlist.test it
-- belongs to no run (etl_run_id stays NULL: only watchlist.changes names one).
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_check
  CHECK (event IN ('watchlist.changes', 'watchlist.test', 'watchlist.upcoming'));

-- Every alert sent: once per (account, carrier, event, threshold), however often the daily check
-- runs (after each load's fan-out and on its own schedule) and whoever runs it: the unique key
-- is the guard, an insert that conflicts sends nothing. `event` is the event as the check saw it
-- (the UpcomingEvent of openapi.yaml) and `carrier_name` the carrier's then: the webhook body and
-- the digest e-mail are both built from these rows. The check removes the rows of events more
-- than 30 days past (ALERT_KEEP_DAYS): a past event alerts no one again.
CREATE TABLE upcoming_alerts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id     integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  dot_number     text NOT NULL,
  event_id       text NOT NULL,
  threshold_days smallint NOT NULL CHECK (threshold_days IN (30, 7, 0)),
  event_date     date NOT NULL,
  event          jsonb NOT NULL,
  carrier_name   text NOT NULL,
  -- The UTC day of the check that sent it.
  alert_date     date NOT NULL,
  created_at     timestamptz NOT NULL,
  UNIQUE (account_id, dot_number, event_id, threshold_days)
);
CREATE INDEX upcoming_alerts_event_date_idx ON upcoming_alerts (event_date);
