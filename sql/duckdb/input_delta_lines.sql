-- One dump file's lines that go into its delta file: those of the delta's carriers
-- (delta_hashes, input_delta.sql), read as input_lines.sql reads them (input_read.sql).
SELECT {{file}} AS file, line
FROM {{read}}
WHERE hash({{role}}, line) IN (SELECT h FROM delta_hashes WHERE file = {{file}})
