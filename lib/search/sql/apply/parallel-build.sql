-- Full rebuild: let CREATE INDEX use parallel workers (see parallel_serve.sql).
ALTER TABLE carrier_search RESET (parallel_workers);
ALTER TABLE search_postings RESET (parallel_workers);
