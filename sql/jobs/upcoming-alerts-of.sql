-- Alerts $2 of account $1 for its digest e-mail, in the webhook's order: DOT, event date, threshold.
SELECT dot_number, carrier_name, threshold_days, event
FROM upcoming_alerts
WHERE account_id = $1 AND id = ANY($2::bigint[])
ORDER BY dot_number::bigint, event_date, threshold_days DESC, event_id
