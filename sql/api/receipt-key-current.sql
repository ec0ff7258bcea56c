-- The key that signs new receipts (at most one: receipt_signing_keys_current_idx), if any.
SELECT kid, private_key_sealed FROM receipt_signing_keys WHERE retired_at IS NULL
