-- Extensions used by search and geo filters (all ship with PostgreSQL contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;
