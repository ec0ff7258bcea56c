-- The change rows of purged runs (index changes_run_category_idx). $1 run ids
DELETE FROM changes WHERE etl_run_id = ANY($1::int[])
