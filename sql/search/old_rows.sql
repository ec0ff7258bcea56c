-- The indexed rows a refresh replaces (none on a full rebuild: the tables were truncated).
CREATE TEMP TABLE search_old ON COMMIT DROP AS
SELECT s.* FROM carrier_search s
WHERE s.id IN (SELECT dot_number::integer FROM search_delta)
