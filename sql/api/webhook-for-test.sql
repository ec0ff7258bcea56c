-- What a test delivery of account $1 needs: the url and the sealed secret (enabled or not).
SELECT url, secret_ciphertext FROM webhooks WHERE account_id = $1
