-- A search's transaction (lib/search/query/postgres.ts): one snapshot for its count and its page;
-- no parallel plans (many small concurrent searches on few cores: starting workers costs a short
-- walk more than it saves). The statements are named (parsed once a
-- connection) but planned for each call's values: a generic plan of a search can read a large
-- part of a table where its values need a few pages.
BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;
SET LOCAL max_parallel_workers_per_gather = 0;
SET LOCAL plan_cache_mode = force_custom_plan;
