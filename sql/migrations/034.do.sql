-- Signed vetting receipts (POST /v1/carriers/{dot}/receipts; server/receipts/): the proof a
-- broker keeps of what it checked, on which data, when. Receipts and signing keys are evidence,
-- so the database itself refuses to change or remove them: no statement of the application can,
-- whatever a handler does. (A database owner can still drop the triggers; the signatures are what
-- make such tampering evident: a changed receipt no longer verifies.)

-- Ed25519 signing keys. `public_jwk` is published at /.well-known/jwks.json for as long as the
-- row exists, which is forever: a retired key still verifies the receipts it signed. The private
-- key is PKCS#8 PEM sealed with AES-256-GCM under a key derived from SERVER_SECRET
-- (lib/secrets.ts, purpose 'receipt-signing-key'), like the stored API-key copies.
CREATE TABLE receipt_signing_keys (
  -- RFC 7638 JWK thumbprint of the public key: the JWS header's `kid`.
  kid                text PRIMARY KEY,
  public_jwk         jsonb NOT NULL,
  private_key_sealed text NOT NULL,
  created_at         timestamptz NOT NULL,
  -- Set by rotation (npm run receipts -- rotate-key); a retired key signs nothing new.
  retired_at         timestamptz,
  CHECK (retired_at IS NULL OR retired_at >= created_at)
);
-- At most one key signs: two processes generating the first key at once keep one of them.
CREATE UNIQUE INDEX receipt_signing_keys_current_idx ON receipt_signing_keys ((true)) WHERE retired_at IS NULL;

CREATE TABLE receipts (
  -- Random (not a sequence): ids are not guessable and reveal no count.
  id             uuid PRIMARY KEY,
  account_id     integer NOT NULL REFERENCES accounts (id),
  dot_number     text NOT NULL,
  -- The requested point-in-time date; NULL: the profile served at issue time.
  as_of          date,
  etl_run_id     integer NOT NULL,
  batch_ts       timestamptz NOT NULL,
  issued_at      timestamptz NOT NULL,
  profile_sha256 text NOT NULL CHECK (profile_sha256 ~ '^[0-9a-f]{64}$'),
  kid            text NOT NULL REFERENCES receipt_signing_keys (kid),
  -- The compact JWS; its payload is the receipt (profile included) as issued, and every answer
  -- about the receipt is read back from it, so what is served is what was signed.
  jws            text NOT NULL
);
-- GET /v1/receipts: an account's receipts newest first, optionally of one DOT.
CREATE INDEX receipts_account_idx ON receipts (account_id, issued_at DESC, id);
CREATE INDEX receipts_account_dot_idx ON receipts (account_id, dot_number, issued_at DESC, id);

CREATE FUNCTION refuse_receipt_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER receipts_append_only BEFORE UPDATE OR DELETE ON receipts
  FOR EACH ROW EXECUTE FUNCTION refuse_receipt_change();
CREATE TRIGGER receipts_no_truncate BEFORE TRUNCATE ON receipts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_receipt_change();

-- A signing key is never removed, and the only change it admits is its retirement, once.
CREATE FUNCTION guard_receipt_signing_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.retired_at IS NULL AND NEW.retired_at IS NOT NULL
     AND (NEW.kid, NEW.public_jwk, NEW.private_key_sealed, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.kid, OLD.public_jwk, OLD.private_key_sealed, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'receipt signing keys are kept forever; the only change allowed is retiring a current key'
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER receipt_signing_keys_guard BEFORE UPDATE OR DELETE ON receipt_signing_keys
  FOR EACH ROW EXECUTE FUNCTION guard_receipt_signing_key();
CREATE TRIGGER receipt_signing_keys_no_truncate BEFORE TRUNCATE ON receipt_signing_keys
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_receipt_change();
