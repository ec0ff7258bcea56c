-- One load at a time, whatever process runs it; released at COMMIT/ROLLBACK.
SELECT pg_advisory_xact_lock(hashtext('carrier-data:etl-load'))
