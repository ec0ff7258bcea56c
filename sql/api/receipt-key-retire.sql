-- Retires the current signing key (rotation); it stays published. $1 retired_at
UPDATE receipt_signing_keys SET retired_at = $1 WHERE retired_at IS NULL RETURNING kid
