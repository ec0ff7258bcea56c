-- etl_runs as the pipeline's `status` shows them: a run whose status says `running` while no
-- process holds its advisory lock (pg_advisory_lock(4071, etl_run_id), taken by
-- pipeline/runs.ts for as long as a process works on the run) was killed or crashed: it shows as
-- `interrupted` until `run` restarts it. (SIGKILL leaves no chance to mark the row itself.) It
-- shows so as soon as PostgreSQL ends the dead process's session: at once after a kill, only
-- after TCP keepalive gives up when the process's machine vanished from the network.
CREATE VIEW etl_run_states AS
SELECT r.etl_run_id, r.batch_ts, r.input_dir,
       CASE
         WHEN r.status = 'running' AND NOT EXISTS (
           SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory'
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND l.classid = 4071 AND l.objid = r.etl_run_id AND l.objsubid = 2 AND l.granted
         ) THEN 'interrupted'
         ELSE r.status
       END AS status,
       r.stages, r.summary, r.error, r.started_at, r.finished_at
FROM etl_runs r;
