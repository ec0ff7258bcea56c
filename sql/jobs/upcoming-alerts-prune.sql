-- Alerts of events more than $2 days before UTC day $1: a past event is alerted no more, so its
-- rows no longer guard anything.
DELETE FROM upcoming_alerts WHERE event_date < $1::date - $2::integer
