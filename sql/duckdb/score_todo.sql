-- The carriers to score: those without a score kept from the previous run (score_keep.sql). A
-- new (temp) table, so its rowids count from 0: the score stage reads it in rowid ranges.
-- Vars: scores (the run's scores table).
CREATE OR REPLACE TEMP TABLE score_todo AS
SELECT *
FROM score_input i
WHERE NOT EXISTS (SELECT 1 FROM {{scores}} x WHERE x.dot_number = i.dot_number);

DROP TABLE score_input;
