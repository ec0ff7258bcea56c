-- The API keeps rendered carrier answers in memory (server/carrier-cache.ts). They are read from
-- carriers, insurance_policies and the served run (etl_runs), so any write to those tables
-- notifies carrier_data. A statement trigger fires once per statement, not per row (a load's
-- COPY of two million rows notifies once), and PostgreSQL delivers the notification when the
-- writing transaction commits, folding repeats within it into one.
CREATE FUNCTION notify_carrier_data() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carrier_data', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER carriers_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_carrier_data();
CREATE TRIGGER insurance_policies_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON insurance_policies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_carrier_data();
CREATE TRIGGER etl_runs_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON etl_runs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_carrier_data();
