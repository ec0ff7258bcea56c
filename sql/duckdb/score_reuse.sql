-- The previous run's scores that still hold: same inputs (input_hash) and a batch date before the
-- first date on which they may score differently (valid_until, lib/risk/horizon.ts; NULL: never).
-- Vars: schema (r<run>), prev (the previous run's schema), batch_date (DATE literal).
INSERT INTO {{schema}}.scores
SELECT p.*
FROM score_input i
JOIN {{prev}}.scores p ON p.dot_number = i.dot_number AND p.input_hash = i.input_hash
WHERE p.valid_until IS NULL OR p.valid_until > {{batch_date}};
