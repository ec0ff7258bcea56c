-- One dump file as raw lines (the ingest stage's delta, pipeline/input-delta.ts): per line, its
-- key and a hash of the file's role and the line. The key is the USDOT number ('' when the DOT
-- field is not a DOT number), or '#nodot' for every line of a file without a DOT column.
-- Lines, not records: a quoted line break splits a record, and the delta's strict parse then
-- fails, which sends the run down the full path. dot_field: a regex whose group 1 is the DOT field
-- (quote-aware, the field's position in the line), or '' for a file without one; read: the
-- file's lines (input_read.sql); a line holding its separator (`rest`) also sends the run down the
-- full path. The field is unquoted in a column of its own: inside dot_of's expression it was
-- unquoted once for each of the macro's four uses of it.
SELECT
  {{file}} AS file,
  CASE WHEN {{dot_field}} = '' THEN '#nodot' ELSE coalesce(dot_of(u), '') END AS dot_number,
  h,
  split
FROM (
  SELECT CASE WHEN starts_with(ltrim(f), '"') THEN replace(trim(f)[2:-2], '""', '"') ELSE f END AS u, h, split
  FROM (
    SELECT CASE WHEN {{dot_field}} = '' THEN '' ELSE regexp_extract(line, {{dot_field}}, 1) END AS f,
           hash({{role}}, line) AS h, rest IS NOT NULL AS split
    FROM {{read}}
  )
)
