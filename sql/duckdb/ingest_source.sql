-- The raw view of one dump file ({{schema}}.{{view}}_src): the adapter's canonical columns, all
-- VARCHAR, each taken from its field position in the file (c1, c2, ...: the header's names are
-- bound in pipeline/adapters, so odd spellings never reach SQL). A record of another field count
-- or with a broken quote is skipped by every read and noted in the temp table {{rejects}} (record
-- number, byte offset, reason): the validating scan drops it first and quarantines what it finds.
-- {{encoding}}: 'utf-8', or 'latin-1' for a file that is not UTF-8 (older exports). {{row}} is
-- NULL, or on the error path row_number() OVER () (the accepted record's number in file order; it
-- serialises the scan, so only a file with bad rows pays for it).
CREATE OR REPLACE VIEW {{schema}}.{{view}}_src AS
SELECT {{row}} AS _row, {{select}}
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
  encoding = {{encoding}},
  ignore_errors = true,
  store_rejects = true,
  rejects_table = {{rejects}},
  rejects_scan = {{rejects_scan}}
);
