-- Serialises watchlist additions of account $1 (first statement of the add transaction), so two
-- concurrent additions cannot both pass the cap check. NO KEY UPDATE: does not block the usage
-- counter's foreign-key check on the same account row.
SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE
