-- Claims run $1 for this session (released when the session ends, however it ends): true when
-- no other process holds it. The lock space 4071 is read by the etl_run_states view.
SELECT pg_try_advisory_lock(4071, $1) AS locked
