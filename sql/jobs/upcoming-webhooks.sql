-- Which of accounts $1 have an enabled webhook.
SELECT account_id FROM webhooks WHERE account_id = ANY($1::integer[]) AND enabled
