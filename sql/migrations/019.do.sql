-- The risk columns as json, not jsonb. They are written whole (the load's COPY, rendered by the
-- score and related stages) and read whole (the API sends them as stored); no query looks inside
-- them. jsonb parsed them into its binary form on every write and rendered them back on every
-- read: at 2.1M carriers the load's COPY of carriers took 48 s with them as jsonb, 32 s as json.
-- The first risk history, which took its rows from the jsonb in carriers (19 s), is now a COPY
-- from DuckDB (5 s there on two cores, 18 s into json, 26 s into jsonb). json also keeps the keys
-- in the order the scorer wrote them, the order of the what-if endpoint's answer.
ALTER TABLE carriers
  ALTER COLUMN risk_score TYPE json,
  ALTER COLUMN related_companies TYPE json,
  ALTER COLUMN chameleon_links TYPE json;
ALTER TABLE risk_history
  ALTER COLUMN components TYPE json,
  ALTER COLUMN flags TYPE json;
