-- pg_prewarm (contrib, as pg_trgm): a night reads the search tables and their indexes into the OS
-- page cache ahead of its load, which then rewrites them at random (pipeline/warm-up.ts).
CREATE EXTENSION IF NOT EXISTS pg_prewarm;
