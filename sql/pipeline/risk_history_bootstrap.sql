-- The first risk history of all: every served carrier's cached score becomes its first row, in
-- one statement from the jsonb already in carriers (no second export of two million scores).
-- flag_codes sorted as JavaScript sorts them (code units: the "C" collation). $1 run, $2 batch_ts.
INSERT INTO risk_history (dot_number, etl_run_id, computed_at, score, grade, tier, flag_codes, components, flags)
SELECT
  c.dot_number, $1, $2,
  (c.risk_score->>'score')::smallint,
  c.risk_score->>'grade',
  c.risk_score->>'tier',
  ARRAY(SELECT DISTINCT f->>'code' COLLATE "C" FROM jsonb_array_elements(c.risk_score->'flags') f ORDER BY 1),
  c.risk_score->'components',
  c.risk_score->'flags'
FROM carriers c
