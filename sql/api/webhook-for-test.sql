-- Whether account $1 has a webhook for a test delivery, and whether it is enabled.
SELECT enabled FROM webhooks WHERE account_id = $1
