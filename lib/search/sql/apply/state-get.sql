SELECT backend, etl_run_id, full_build, indexed_at FROM search_index_state WHERE backend = $1
