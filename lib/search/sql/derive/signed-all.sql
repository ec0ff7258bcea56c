-- A full build: every row counts once (tables.sql reads the rows with their sign).
CREATE OR REPLACE TEMP VIEW search_signed AS SELECT 1 AS sign, * FROM search_rows
