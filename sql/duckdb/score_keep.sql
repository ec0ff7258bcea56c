-- The previous run's scores that still hold, kept in this run's scores table (its run file is a
-- copy of the previous run's, pipeline/carried-tables.ts): same inputs (input_hash) and a batch date
-- before the first date on which they may score differently (valid_until, lib/risk/horizon.ts;
-- NULL: never). The others are deleted, the removed carriers' with them; score_todo.sql then
-- picks the carriers left without a score. Vars: scores (the table), batch_date (DATE literal),
-- scope (a condition on p: TRUE, or its carrier is in score_scope, the only ones score_input holds).
DELETE FROM {{scores}} p
WHERE p.valid_until <= {{batch_date}}
   OR ({{scope}} AND NOT EXISTS (SELECT 1 FROM score_input i WHERE i.dot_number = p.dot_number AND i.input_hash = p.input_hash));
