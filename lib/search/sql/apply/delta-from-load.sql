-- Inside a run's load transaction: the carriers the load inserted, updated or deleted.
INSERT INTO search_delta (dot_number)
SELECT dot_number FROM load_delta
ON CONFLICT DO NOTHING
