-- One receipt of account $2 by id $1 (another account's is not found).
SELECT jws FROM receipts WHERE id = $1 AND account_id = $2
