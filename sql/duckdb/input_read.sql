-- One dump file as raw lines, for input_lines.sql and input_delta_lines.sql, which must read it
-- alike (a line's hash in one is looked up in the other): `line` up to sep, a control character
-- no line should hold, and `rest` after it (NULL unless a line holds it). No quoting: a record's
-- fields are not split here. Vars: path, header, sep, encoding.
read_csv({{path}}, columns = {'line': 'VARCHAR', 'rest': 'VARCHAR'}, header = {{header}},
         delim = {{sep}}, quote = '', escape = '', auto_detect = false, strict_mode = false,
         null_padding = true, encoding = {{encoding}})
