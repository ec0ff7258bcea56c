-- The carriers whose input moved since run prev (pipeline/input-delta.ts): keys whose lines'
-- hash sum changed, or whose policies start or end or whose orders take effect between the two
-- batch dates (the previous run's pending policy_events). Then the run's line sums: input.line_sums, a copy of the
-- previous run's, gets the changed keys' sums. Vars: schema, prev (r<run> schemas), input
-- (catalog of the run's input file), batch_date, prev_run (id).
CREATE OR REPLACE TEMP TABLE input_changed AS
SELECT coalesce(n.dot_number, o.dot_number) AS dot_number
FROM line_sums_new n
FULL JOIN {{input}}.line_sums o ON o.dot_number = n.dot_number
WHERE n.h IS DISTINCT FROM o.h;

CREATE OR REPLACE TABLE {{schema}}.input_delta AS
SELECT dot_number FROM input_changed
UNION
SELECT dot_number FROM {{prev}}.policy_events WHERE on_date <= {{batch_date}};
CREATE OR REPLACE TABLE {{schema}}.input_delta_run AS SELECT {{prev_run}} AS from_run;

DELETE FROM {{input}}.line_sums WHERE dot_number IN (SELECT dot_number FROM input_changed);
INSERT INTO {{input}}.line_sums SELECT * FROM line_sums_new WHERE dot_number IN (SELECT dot_number FROM input_changed);
DROP TABLE input_changed;

-- The hashes of the lines the delta files get.
CREATE OR REPLACE TEMP TABLE delta_hashes AS
SELECT file, h FROM input_lines WHERE dot_number IN (SELECT dot_number FROM {{schema}}.input_delta);
