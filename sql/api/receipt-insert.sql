-- Stores an issued receipt (append-only: migration 034). $1 id, $2 account, $3 DOT, $4 as_of,
-- $5 run, $6 batch_ts, $7 issued_at, $8 profile SHA-256, $9 kid, $10 JWS
INSERT INTO receipts (id, account_id, dot_number, as_of, etl_run_id, batch_ts, issued_at, profile_sha256, kid, jws)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
