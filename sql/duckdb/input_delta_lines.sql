-- One dump file's lines that go into its delta file: those of the delta's carriers
-- (delta_hashes, input_delta.sql). Same read as input_lines.sql.
SELECT {{file}} AS file, line
FROM read_csv({{path}}, columns = {'line': 'VARCHAR', 'rest': 'VARCHAR'}, header = {{header}},
              delim = {{sep}}, quote = '', escape = '', auto_detect = false, strict_mode = false,
              null_padding = true, encoding = {{encoding}})
WHERE hash({{role}}, line) IN (SELECT h FROM delta_hashes WHERE file = {{file}})
