-- Finished webhook deliveries (and, by cascade, their attempts) older than the change-feed
-- retention: the deliveries listing is a recent log, and the runs they carried are gone from the
-- feed. Pending and retrying ones stay whatever their age. $1 cutoff.
DELETE FROM webhook_deliveries
WHERE status IN ('succeeded', 'failed') AND created_at < $1
