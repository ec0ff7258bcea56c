-- The DOTs whose search rows a refresh recomputes (new, changed or removed carriers).
CREATE TEMP TABLE search_delta (dot_number text PRIMARY KEY) ON COMMIT DROP
