-- Successor registrations (issue 40, item 4; docs/successor-registrations.md): a new_carrier
-- change row whose new_values name predecessors (successor_of: carriers revoked, suspended or
-- put out of service within three years that share two kinds of identifier with the new one)
-- reaches the watchers of each predecessor: in the run's watchlist.changes delivery and digest
-- (sql/jobs/notify-accounts.sql) and in GET /v1/watchlist/changes (sql/api/watchlist-changes.sql).
-- Such rows are few: this index holds only them, so finding those of the 30-day window costs
-- next to nothing beside the feed.
CREATE INDEX changes_successors_idx ON changes (batch_ts)
  WHERE category = 'new_carrier' AND new_values ? 'successor_of';
