-- The first run writes no risk history either (its COPY of every carrier's score took ~26-31 s of
-- the bootstrap's load at 2.1M carriers): a served carrier without risk_history rows has one
-- implicit row, the score it holds in carriers.risk_score, computed by the baseline run. Before a
-- load changes such a carrier's score it writes that row out (pipeline/stages/score-load.ts);
-- from then on the carrier's rows are explicit, as before. Databases whose risk history started
-- earlier have no baseline row: nothing is implicit there.
CREATE TABLE risk_history_baseline (
  only_row    boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  etl_run_id  integer NOT NULL REFERENCES etl_runs (etl_run_id),
  computed_at timestamptz NOT NULL
);

-- The implicit rows, in risk_history's columns and their order: flag_codes as the scorer derives
-- them (distinct codes, sorted by code point: lib/risk/history.ts). The score JSON is parsed once
-- (json_to_record; components and flags stay the text the scorer wrote): parsing it once per
-- field made writing 16k rows out take 1.1 s.
CREATE VIEW risk_history_implicit AS
SELECT c.dot_number, b.etl_run_id, b.computed_at, s.score, s.grade, s.tier,
       ARRAY(SELECT DISTINCT (f ->> 'code') COLLATE "C" FROM json_array_elements(s.flags) f ORDER BY 1) AS flag_codes,
       s.components, s.flags
FROM carriers c
CROSS JOIN risk_history_baseline b
CROSS JOIN LATERAL json_to_record(c.risk_score) AS s(score smallint, grade text, tier text, components json, flags json)
WHERE c.risk_score IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM risk_history h WHERE h.dot_number = c.dot_number);

-- Every row, explicit or implicit: what GET /v1/carriers/{dot}/risk-history reads.
CREATE VIEW risk_history_all AS
SELECT * FROM risk_history
UNION ALL
SELECT * FROM risk_history_implicit;
