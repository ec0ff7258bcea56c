-- The new rows, in name order: a full rebuild writes the table clustered by name, which keeps
-- name-ordered walks on few pages. (Their postings: insert_postings.sql.)
INSERT INTO carrier_search SELECT * FROM search_new ORDER BY name, id
