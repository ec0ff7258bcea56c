-- The run's cargo labels as the search index keys them (lower case, ASCII only: search_source).
SELECT DISTINCT ascii_lower(x) AS label
FROM (SELECT DISTINCT cargo_carried AS cargo FROM {{schema}}.snapshot), unnest(cargo) AS u(x)
ORDER BY label
