-- Bulk-by-MC keeps each MC number's stored core profiles in the carrier cache
-- (server/carrier-cache.ts) as it keeps rendered profiles, so a write to carrier_core_json must
-- empty it too, like a write to the tables of migration 016.
CREATE TRIGGER carrier_core_json_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carrier_core_json
  FOR EACH STATEMENT EXECUTE FUNCTION notify_carrier_data();
