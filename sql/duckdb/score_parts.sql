-- The score stage's part files (pipeline/stages/score-batch.ts writeScoredPart) into the run's
-- scores table: tab-separated, no quoting (no field holds a tab or a line break), no NULLs.
INSERT INTO {{scores}}
SELECT *
FROM read_csv({{files}},
  header = false, auto_detect = false, delim = '\t', quote = '', escape = '', nullstr = '\N',
  max_line_size = 16777216,
  columns = {'dot_number': 'VARCHAR', 'score': 'INTEGER', 'grade': 'VARCHAR', 'tier': 'VARCHAR',
             'flag_codes': 'VARCHAR', 'risk_score': 'VARCHAR', 'input_hash': 'UBIGINT', 'valid_until': 'DATE'})
