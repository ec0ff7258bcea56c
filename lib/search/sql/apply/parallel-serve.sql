-- Back to no parallel plans on the search tables (as sql/migrations/008.do.sql sets it).
ALTER TABLE carrier_search SET (parallel_workers = 0);
ALTER TABLE search_postings SET (parallel_workers = 0);
