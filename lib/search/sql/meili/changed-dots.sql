-- Carriers written by a run after $1, and carriers a run after $1 removed (op 'delete').
SELECT c.dot_number, 'upsert' AS op FROM carriers c WHERE c.etl_run_id > $1
UNION ALL
SELECT DISTINCT ch.dot_number, 'delete' FROM changes ch
WHERE ch.etl_run_id > $1 AND ch.category = 'removed_carrier'
  AND NOT EXISTS (SELECT 1 FROM carriers c WHERE c.dot_number = ch.dot_number)
