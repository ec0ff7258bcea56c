-- The due alerts of a check, $1 (JSON array of {account_id, dot_number, event_id, threshold_days,
-- event_date, event, carrier_name}), of UTC day $2 at $3: the ones never sent are inserted and
-- returned, the others (the same account, carrier, event and threshold, sent by any earlier or
-- concurrent check) left out. Accounts deleted since the check read them are skipped.
INSERT INTO upcoming_alerts (account_id, dot_number, event_id, threshold_days, event_date, event, carrier_name, alert_date, created_at)
SELECT t.account_id, t.dot_number, t.event_id, t.threshold_days, t.event_date, t.event, t.carrier_name, $2::date, $3
FROM json_to_recordset($1::json) AS t (account_id integer, dot_number text, event_id text, threshold_days smallint, event_date date, event jsonb, carrier_name text)
WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.account_id)
ON CONFLICT (account_id, dot_number, event_id, threshold_days) DO NOTHING
RETURNING id, account_id, dot_number, threshold_days, event_date, event, carrier_name
