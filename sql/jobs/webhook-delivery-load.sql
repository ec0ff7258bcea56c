-- Delivery $1 with what an attempt needs: body, state and the account's webhook.
SELECT d.id, d.account_id, d.event, d.payload, d.attempt, d.status,
       w.url, w.enabled, w.secret_ciphertext
FROM webhook_deliveries d
JOIN webhooks w ON w.account_id = d.account_id
WHERE d.id = $1
