-- Where account $1's digest goes: its e-mail, while the account is active.
SELECT email FROM accounts WHERE id = $1 AND is_active
