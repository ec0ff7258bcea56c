-- The cargo labels of {{input}} as the index keys them (lower case, ASCII only).
SELECT DISTINCT ascii_lower(x) AS label
FROM (SELECT DISTINCT cargo_carried AS cargo FROM {{input}}), unnest(cargo) AS u(x)
ORDER BY label
