-- The raw view of one dump file: VARCHAR columns in file order ({{schema}}.{{role}}_src).
-- Strict: a record with another column count or an unterminated quote stops any read of it with
-- DuckDB's "CSV Error on Line: N". {{encoding}}: 'utf-8'; ingest retries with 'latin-1' when a
-- file is not UTF-8 (older exports). {{row}} is NULL, or on the error path row_number() OVER ()
-- (the record number, 1 = first data record, to name the line of a bad value; it serialises the
-- scan, so only a failed file pays for it).
CREATE OR REPLACE VIEW {{schema}}.{{role}}_src AS
SELECT {{row}} AS _row, *
FROM read_csv(
  {{path}},
  columns = {{columns}},
  header = {{header}},
  auto_detect = false,
  delim = ',',
  quote = '"',
  escape = '"',
  strict_mode = true,
  null_padding = false,
  all_varchar = true,
  encoding = {{encoding}}
);
