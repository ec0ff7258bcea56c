-- GENERATED FILE: DO NOT EDIT. The schema sql/migrations builds, read back from a fresh
-- PostgreSQL by scripts/dump-schema.ts. Regenerate with `npm run schema:dump`; CI fails when it is
-- stale (`npm run check:schema-fresh`).

SET check_function_bodies = false;

-- Extensions

CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;

CREATE EXTENSION IF NOT EXISTS pg_prewarm WITH SCHEMA public;

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- Functions

CREATE OR REPLACE FUNCTION public.account_watchlist_size(account_id integer)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$ SELECT count(*)::integer FROM watchlist_entries w WHERE w.account_id = $1 $function$;

CREATE OR REPLACE FUNCTION public.carrier_contact_versions(dot text, ref date)
 RETURNS json
 LANGUAGE sql
 STABLE PARALLEL SAFE STRICT
AS $function$
  SELECT json_build_object(
    'reference_date', $2,
    'versions', json_agg(
      json_build_array(v.valid_from, v.phone, v.email, v.phy_street, v.phy_city, v.phy_state, v.phy_zip, v.officer_1, v.officer_2)
      ORDER BY v.valid_from))
  FROM carrier_versions v
  WHERE v.dot_number = $1 AND v.valid_from <= $2
  HAVING count(*) > 0
$function$;

CREATE OR REPLACE FUNCTION public.change_category_ord(category text)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT (array_position(ARRAY['new_carrier', 'removed_carrier', 'authority_change', 'revocation_pending',
    'insurance_change', 'safety_change', 'fleet_change', 'identity_change', 'contact_change'], $1) - 1)::smallint
$function$;

CREATE OR REPLACE FUNCTION public.change_summary(run integer)
 RETURNS jsonb
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  SELECT jsonb_build_object(
    'new_carriers', count(*) FILTER (WHERE category = 'new_carrier'),
    'removed_carriers', count(*) FILTER (WHERE category = 'removed_carrier'),
    'authority_changes', count(*) FILTER (WHERE category = 'authority_change'),
    'revocations_pending', count(*) FILTER (WHERE category = 'revocation_pending'),
    'insurance_changes', count(*) FILTER (WHERE category = 'insurance_change'),
    'safety_changes', count(*) FILTER (WHERE category = 'safety_change'),
    'fleet_changes', count(*) FILTER (WHERE category = 'fleet_change'),
    'identity_changes', count(*) FILTER (WHERE category = 'identity_change'),
    'contact_changes', count(*) FILTER (WHERE category = 'contact_change'),
    'total_changes', count(*))
  FROM changes
  WHERE etl_run_id = $1
$function$;

CREATE OR REPLACE FUNCTION public.guard_receipt_signing_key()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.retired_at IS NULL AND NEW.retired_at IS NOT NULL
     AND (NEW.kid, NEW.public_jwk, NEW.private_key_sealed, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.kid, OLD.public_jwk, OLD.private_key_sealed, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'receipt signing keys are kept forever; the only change allowed is retiring a current key'
    USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE OR REPLACE FUNCTION public.notify_carrier_data()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('carrier_data', '');
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.refuse_receipt_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'receipts are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END
$function$;

CREATE OR REPLACE FUNCTION public.search_deletions(w text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT w
  UNION
  SELECT left(w, i - 1) || substr(w, i + 1) FROM generate_series(1, length(w)) i
  UNION
  SELECT left(w, i - 1) || substr(w, i + 1, j - i - 1) || substr(w, j + 1)
  FROM generate_series(1, length(w)) i, generate_series(i + 1, length(w)) j
$function$;

-- Sequences

CREATE SEQUENCE public.changes_id_seq AS bigint START WITH 1 INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 CACHE 1;

CREATE SEQUENCE public.etl_runs_etl_run_id_seq AS integer START WITH 1 INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 CACHE 1;

-- Tables

CREATE TABLE public.account_daily_usage (
    account_id integer NOT NULL,
    day date NOT NULL,
    requests integer NOT NULL,
    CONSTRAINT account_daily_usage_pkey PRIMARY KEY (account_id, day),
    CONSTRAINT account_daily_usage_requests_check CHECK (requests >= 0)
);

CREATE TABLE public.accounts (
    id integer GENERATED ALWAYS AS IDENTITY NOT NULL,
    email text NOT NULL,
    name text,
    company text,
    password_hash text,
    tier text DEFAULT 'free'::text NOT NULL,
    rate_limit integer NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    api_key_hash bytea NOT NULL,
    api_key_ciphertext text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT accounts_pkey PRIMARY KEY (id),
    CONSTRAINT accounts_api_key_hash_key UNIQUE (api_key_hash),
    CONSTRAINT accounts_email_key UNIQUE (email),
    CONSTRAINT accounts_api_key_hash_check CHECK (octet_length(api_key_hash) = 32),
    CONSTRAINT accounts_email_check CHECK (email <> ''::text AND email = lower(btrim(email))),
    CONSTRAINT accounts_rate_limit_check CHECK (rate_limit > 0),
    CONSTRAINT accounts_tier_check CHECK (tier = ANY (ARRAY['free'::text, 'pro'::text]))
);

CREATE TABLE public.carrier_core_json (
    dot_number text NOT NULL,
    mc_number text NOT NULL,
    body text NOT NULL,
    CONSTRAINT carrier_core_json_pkey PRIMARY KEY (dot_number)
);

CREATE TABLE public.carrier_history (
    dot_number text NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    valid_from_run integer NOT NULL,
    valid_to_run integer,
    mc_number text,
    legal_name text NOT NULL,
    dba_name text NOT NULL,
    entity_type text NOT NULL,
    carrier_status text NOT NULL,
    authority_status text NOT NULL,
    contract_authority_status text NOT NULL,
    broker_authority_status text NOT NULL,
    common_authority_date date,
    contract_authority_date date,
    revocation_pending text NOT NULL,
    phy_street text NOT NULL,
    phy_city text NOT NULL,
    phy_state text NOT NULL,
    phy_zip text NOT NULL,
    phone text NOT NULL,
    email text NOT NULL,
    officer_1 text NOT NULL,
    officer_2 text NOT NULL,
    power_units integer NOT NULL,
    drivers integer NOT NULL,
    mcs150_date date,
    mcs150_mileage bigint NOT NULL,
    mcs150_mileage_year integer NOT NULL,
    add_date date,
    safety_rating text NOT NULL,
    cargo_carried text[] NOT NULL,
    operation_classification text[] NOT NULL,
    bipd_required bigint NOT NULL,
    bipd_on_file bigint NOT NULL,
    cargo_on_file bigint,
    bond_on_file bigint,
    max_bipd bigint NOT NULL,
    max_cargo bigint NOT NULL,
    active_policy_count integer NOT NULL,
    next_expiration date,
    driver_inspections integer NOT NULL,
    driver_oos_inspections integer NOT NULL,
    vehicle_inspections integer NOT NULL,
    vehicle_oos_inspections integer NOT NULL,
    hazmat_inspections integer NOT NULL,
    hazmat_oos_inspections integer NOT NULL,
    driver_oos_rate numeric(5,2),
    vehicle_oos_rate numeric(5,2),
    hazmat_oos_rate numeric(5,2),
    total_crashes integer NOT NULL,
    fatal_crashes integer NOT NULL,
    injury_crashes integer NOT NULL,
    tow_crashes integer NOT NULL,
    basics jsonb NOT NULL,
    lat double precision,
    lon double precision,
    carrier_operation text DEFAULT ''::text NOT NULL,
    authorities jsonb DEFAULT '[]'::jsonb NOT NULL,
    authority_source text,
    operation_other text DEFAULT ''::text NOT NULL,
    cargo_filed boolean DEFAULT false NOT NULL,
    bond_filed boolean DEFAULT false NOT NULL,
    insurance_source text,
    scheduled_events jsonb DEFAULT '[]'::jsonb NOT NULL,
    CONSTRAINT carrier_history_pkey PRIMARY KEY (dot_number, valid_from),
    CONSTRAINT carrier_history_check CHECK (valid_to IS NULL OR valid_to > valid_from),
    CONSTRAINT carrier_history_check1 CHECK ((valid_to IS NULL) = (valid_to_run IS NULL))
);

CREATE TABLE public.carrier_search (
    id integer NOT NULL,
    active boolean NOT NULL,
    state text NOT NULL,
    entity smallint NOT NULL,
    power_units integer NOT NULL,
    auth_since date,
    cargo_bits bigint NOT NULL,
    name text COLLATE "C" NOT NULL,
    name_norm text COLLATE "C" NOT NULL,
    dba_norm text COLLATE "C" NOT NULL,
    terms text[] COLLATE "C" NOT NULL,
    officers text NOT NULL,
    keys text[] NOT NULL,
    phone text,
    email text,
    mc text,
    CONSTRAINT carrier_search_pkey PRIMARY KEY (id)
) WITH (parallel_workers=0);

CREATE TABLE public.carriers (
    dot_number text NOT NULL,
    mc_number text,
    legal_name text NOT NULL,
    dba_name text NOT NULL,
    entity_type text NOT NULL,
    carrier_status text NOT NULL,
    authority_status text NOT NULL,
    contract_authority_status text NOT NULL,
    broker_authority_status text NOT NULL,
    common_authority_date date,
    contract_authority_date date,
    revocation_pending text NOT NULL,
    phy_street text NOT NULL,
    phy_city text NOT NULL,
    phy_state text NOT NULL,
    phy_zip text NOT NULL,
    phone text NOT NULL,
    email text NOT NULL,
    officer_1 text NOT NULL,
    officer_2 text NOT NULL,
    power_units integer NOT NULL,
    drivers integer NOT NULL,
    mcs150_date date,
    mcs150_mileage bigint NOT NULL,
    mcs150_mileage_year integer NOT NULL,
    add_date date,
    safety_rating text NOT NULL,
    cargo_carried text[] NOT NULL,
    operation_classification text[] NOT NULL,
    bipd_required bigint NOT NULL,
    bipd_on_file bigint NOT NULL,
    cargo_on_file bigint,
    bond_on_file bigint,
    max_bipd bigint NOT NULL,
    max_cargo bigint NOT NULL,
    active_policy_count integer NOT NULL,
    next_expiration date,
    driver_inspections integer NOT NULL,
    driver_oos_inspections integer NOT NULL,
    vehicle_inspections integer NOT NULL,
    vehicle_oos_inspections integer NOT NULL,
    hazmat_inspections integer NOT NULL,
    hazmat_oos_inspections integer NOT NULL,
    driver_oos_rate numeric(5,2),
    vehicle_oos_rate numeric(5,2),
    hazmat_oos_rate numeric(5,2),
    total_crashes integer NOT NULL,
    fatal_crashes integer NOT NULL,
    injury_crashes integer NOT NULL,
    tow_crashes integer NOT NULL,
    basics jsonb NOT NULL,
    lat double precision,
    lon double precision,
    etl_run_id integer NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    risk_score json,
    related_companies json,
    chameleon_links json,
    carrier_operation text DEFAULT ''::text NOT NULL,
    authorities jsonb DEFAULT '[]'::jsonb NOT NULL,
    authority_source text,
    operation_other text DEFAULT ''::text NOT NULL,
    cargo_filed boolean DEFAULT false NOT NULL,
    bond_filed boolean DEFAULT false NOT NULL,
    insurance_source text,
    scheduled_events jsonb DEFAULT '[]'::jsonb NOT NULL,
    CONSTRAINT carriers_pkey PRIMARY KEY (dot_number),
    CONSTRAINT carriers_carrier_status_check CHECK (carrier_status = ANY (ARRAY['ACTIVE'::text, 'INACTIVE'::text, 'PENDING'::text])),
    CONSTRAINT carriers_dot_number_check CHECK (dot_number ~ '^[1-9][0-9]*$'::text)
);

CREATE TABLE public.changes (
    id bigint DEFAULT nextval('public.changes_id_seq'::regclass) NOT NULL,
    etl_run_id integer NOT NULL,
    batch_ts timestamp with time zone NOT NULL,
    dot_number text NOT NULL,
    carrier_name text NOT NULL,
    category text NOT NULL,
    old_values jsonb NOT NULL,
    new_values jsonb NOT NULL,
    phy_state text NOT NULL,
    CONSTRAINT changes_pkey PRIMARY KEY (id),
    CONSTRAINT changes_category_check CHECK (category = ANY (ARRAY['new_carrier'::text, 'removed_carrier'::text, 'authority_change'::text, 'revocation_pending'::text, 'insurance_change'::text, 'safety_change'::text, 'fleet_change'::text, 'identity_change'::text, 'contact_change'::text]))
);

CREATE TABLE public.etl_quarantine (
    etl_run_id integer NOT NULL,
    file text NOT NULL,
    dataset text NOT NULL,
    line integer NOT NULL,
    reason text NOT NULL,
    raw text NOT NULL
);

CREATE TABLE public.etl_runs (
    etl_run_id integer DEFAULT nextval('public.etl_runs_etl_run_id_seq'::regclass) NOT NULL,
    batch_ts timestamp with time zone NOT NULL,
    input_dir text NOT NULL,
    status text DEFAULT 'running'::text NOT NULL,
    stages jsonb DEFAULT '{}'::jsonb NOT NULL,
    summary jsonb,
    error text,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    changes_purged_at timestamp with time zone,
    carriers integer,
    CONSTRAINT etl_runs_pkey PRIMARY KEY (etl_run_id),
    CONSTRAINT etl_runs_status_check CHECK (status = ANY (ARRAY['running'::text, 'succeeded'::text, 'failed'::text]))
);

CREATE TABLE public.history_baseline (
    only_row boolean DEFAULT true NOT NULL,
    etl_run_id integer NOT NULL,
    valid_from date NOT NULL,
    CONSTRAINT history_baseline_pkey PRIMARY KEY (only_row),
    CONSTRAINT history_baseline_only_row_check CHECK (only_row)
);

CREATE TABLE public.insurance_policies (
    dot_number text NOT NULL,
    policy_type text NOT NULL,
    type_description text NOT NULL,
    insurer_name text NOT NULL,
    policy_number text NOT NULL,
    coverage_amount bigint NOT NULL,
    effective_date date,
    expiration_date date,
    form_code text NOT NULL,
    source text DEFAULT 'legacy'::text NOT NULL
);

CREATE TABLE public.insurance_policy_history (
    id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
    dot_number text NOT NULL,
    policy_type text NOT NULL,
    type_description text NOT NULL,
    insurer_name text NOT NULL,
    policy_number text NOT NULL,
    coverage_amount bigint NOT NULL,
    effective_date date,
    expiration_date date,
    form_code text NOT NULL,
    valid_from date NOT NULL,
    valid_to date,
    valid_from_run integer NOT NULL,
    valid_to_run integer,
    source text DEFAULT 'legacy'::text NOT NULL,
    CONSTRAINT insurance_policy_history_pkey PRIMARY KEY (id),
    CONSTRAINT insurance_policy_history_check CHECK (valid_to IS NULL OR valid_to > valid_from),
    CONSTRAINT insurance_policy_history_check1 CHECK ((valid_to IS NULL) = (valid_to_run IS NULL))
);

CREATE TABLE public.password_reset_tokens (
    token_hash bytea NOT NULL,
    account_id integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    CONSTRAINT password_reset_tokens_pkey PRIMARY KEY (token_hash),
    CONSTRAINT password_reset_tokens_check CHECK (expires_at > created_at),
    CONSTRAINT password_reset_tokens_token_hash_check CHECK (octet_length(token_hash) = 32)
);

CREATE TABLE public.receipt_signing_keys (
    kid text NOT NULL,
    public_jwk jsonb NOT NULL,
    private_key_sealed text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    retired_at timestamp with time zone,
    CONSTRAINT receipt_signing_keys_pkey PRIMARY KEY (kid),
    CONSTRAINT receipt_signing_keys_check CHECK (retired_at IS NULL OR retired_at >= created_at)
);

CREATE TABLE public.receipts (
    id uuid NOT NULL,
    account_id integer NOT NULL,
    dot_number text NOT NULL,
    as_of date,
    etl_run_id integer NOT NULL,
    batch_ts timestamp with time zone NOT NULL,
    issued_at timestamp with time zone NOT NULL,
    profile_sha256 text NOT NULL,
    kid text NOT NULL,
    jws text NOT NULL,
    CONSTRAINT receipts_pkey PRIMARY KEY (id),
    CONSTRAINT receipts_profile_sha256_check CHECK (profile_sha256 ~ '^[0-9a-f]{64}$'::text)
);

CREATE TABLE public.risk_history (
    dot_number text NOT NULL,
    etl_run_id integer NOT NULL,
    computed_at timestamp with time zone NOT NULL,
    score smallint NOT NULL,
    grade text NOT NULL,
    tier text NOT NULL,
    flag_codes text[] NOT NULL,
    components json NOT NULL,
    flags json NOT NULL,
    CONSTRAINT risk_history_pkey PRIMARY KEY (dot_number, etl_run_id),
    CONSTRAINT risk_history_score_check CHECK (score >= 0 AND score <= 100)
);

CREATE TABLE public.risk_history_baseline (
    only_row boolean DEFAULT true NOT NULL,
    etl_run_id integer NOT NULL,
    computed_at timestamp with time zone NOT NULL,
    CONSTRAINT risk_history_baseline_pkey PRIMARY KEY (only_row),
    CONSTRAINT risk_history_baseline_only_row_check CHECK (only_row)
);

CREATE TABLE public.risk_history_runs (
    etl_run_id integer NOT NULL,
    computed_at timestamp with time zone NOT NULL,
    rows integer NOT NULL,
    CONSTRAINT risk_history_runs_pkey PRIMARY KEY (etl_run_id),
    CONSTRAINT risk_history_runs_rows_check CHECK (rows >= 0)
);

CREATE TABLE public.search_cargo_labels (
    label text NOT NULL,
    "bit" smallint NOT NULL,
    CONSTRAINT search_cargo_labels_pkey PRIMARY KEY (label),
    CONSTRAINT search_cargo_labels_bit_key UNIQUE ("bit"),
    CONSTRAINT search_cargo_labels_bit_check CHECK ("bit" >= 0 AND "bit" <= 62)
);

CREATE TABLE public.search_counts (
    active boolean NOT NULL,
    state text NOT NULL,
    entity smallint NOT NULL,
    cargo smallint NOT NULL,
    n integer NOT NULL,
    CONSTRAINT search_counts_pkey PRIMARY KEY (active, state, entity, cargo) INCLUDE (n)
);

CREATE TABLE public.search_counts_auth (
    active boolean NOT NULL,
    state text NOT NULL,
    entity smallint NOT NULL,
    month text NOT NULL,
    n integer NOT NULL,
    CONSTRAINT search_counts_auth_pkey PRIMARY KEY (active, state, entity, month) INCLUDE (n)
);

CREATE TABLE public.search_counts_fleet (
    active boolean NOT NULL,
    state text NOT NULL,
    entity smallint NOT NULL,
    power_units integer NOT NULL,
    n integer NOT NULL,
    CONSTRAINT search_counts_fleet_pkey PRIMARY KEY (active, state, entity, power_units) INCLUDE (n)
);

CREATE TABLE public.search_index_state (
    backend text NOT NULL,
    etl_run_id integer,
    full_build boolean NOT NULL,
    indexed_at timestamp with time zone NOT NULL,
    CONSTRAINT search_index_state_pkey PRIMARY KEY (backend)
);

CREATE TABLE public.search_postings (
    term text COLLATE "C" NOT NULL,
    active boolean NOT NULL,
    name text COLLATE "C" NOT NULL,
    id integer NOT NULL,
    lcp smallint NOT NULL,
    state text NOT NULL,
    entity smallint NOT NULL,
    cargo_bits bigint NOT NULL,
    power_units integer NOT NULL,
    auth_since date
) WITH (parallel_workers=0);

CREATE TABLE public.search_term_deletes (
    del text COLLATE "C" NOT NULL,
    term text COLLATE "C" NOT NULL,
    CONSTRAINT search_term_deletes_pkey PRIMARY KEY (del, term)
);

CREATE TABLE public.search_terms (
    term text COLLATE "C" NOT NULL,
    n integer NOT NULL,
    CONSTRAINT search_terms_pkey PRIMARY KEY (term)
);

CREATE TABLE public.search_word_counts (
    word text COLLATE "C" NOT NULL,
    exact boolean NOT NULL,
    active boolean NOT NULL,
    state text NOT NULL,
    entity smallint NOT NULL,
    n integer NOT NULL,
    CONSTRAINT search_word_counts_pkey PRIMARY KEY (word, exact, active, state, entity) INCLUDE (n)
) WITH (parallel_workers=0);

CREATE TABLE public.upcoming_alerts (
    id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
    account_id integer NOT NULL,
    dot_number text NOT NULL,
    event_id text NOT NULL,
    threshold_days smallint NOT NULL,
    event_date date NOT NULL,
    event jsonb NOT NULL,
    carrier_name text NOT NULL,
    alert_date date NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT upcoming_alerts_pkey PRIMARY KEY (id),
    CONSTRAINT upcoming_alerts_account_id_dot_number_event_id_threshold_da_key UNIQUE (account_id, dot_number, event_id, threshold_days),
    CONSTRAINT upcoming_alerts_threshold_days_check CHECK (threshold_days = ANY (ARRAY[30, 7, 0]))
);

CREATE TABLE public.watchlist_entries (
    account_id integer NOT NULL,
    dot_number text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT watchlist_entries_pkey PRIMARY KEY (account_id, dot_number),
    CONSTRAINT watchlist_entries_dot_number_check CHECK (dot_number ~ '^[1-9][0-9]*$'::text)
);

CREATE TABLE public.watchlist_notifications (
    etl_run_id integer NOT NULL,
    accounts integer NOT NULL,
    deliveries integer NOT NULL,
    digests integer NOT NULL,
    fanned_out_at timestamp with time zone NOT NULL,
    CONSTRAINT watchlist_notifications_pkey PRIMARY KEY (etl_run_id)
);

CREATE TABLE public.webhook_deliveries (
    id bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
    account_id integer NOT NULL,
    event text NOT NULL,
    etl_run_id integer,
    payload text NOT NULL,
    attempt smallint DEFAULT 0 NOT NULL,
    status text NOT NULL,
    status_code integer,
    error text,
    duration_ms integer,
    next_attempt_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id),
    CONSTRAINT webhook_deliveries_attempt_check CHECK (attempt >= 0 AND attempt <= 4),
    CONSTRAINT webhook_deliveries_check CHECK ((event = 'watchlist.changes'::text) = (etl_run_id IS NOT NULL)),
    CONSTRAINT webhook_deliveries_check1 CHECK ((status = 'retrying'::text) = (next_attempt_at IS NOT NULL)),
    CONSTRAINT webhook_deliveries_duration_ms_check CHECK (duration_ms >= 0),
    CONSTRAINT webhook_deliveries_event_check CHECK (event = ANY (ARRAY['watchlist.changes'::text, 'watchlist.test'::text, 'watchlist.upcoming'::text])),
    CONSTRAINT webhook_deliveries_status_check CHECK (status = ANY (ARRAY['pending'::text, 'retrying'::text, 'succeeded'::text, 'failed'::text]))
);

CREATE TABLE public.webhook_delivery_attempts (
    delivery_id bigint NOT NULL,
    attempt smallint NOT NULL,
    url text NOT NULL,
    status_code integer,
    error text,
    duration_ms integer NOT NULL,
    attempted_at timestamp with time zone NOT NULL,
    CONSTRAINT webhook_delivery_attempts_pkey PRIMARY KEY (delivery_id, attempt),
    CONSTRAINT webhook_delivery_attempts_attempt_check CHECK (attempt >= 1 AND attempt <= 4),
    CONSTRAINT webhook_delivery_attempts_duration_ms_check CHECK (duration_ms >= 0)
);

CREATE TABLE public.webhooks (
    account_id integer NOT NULL,
    url text NOT NULL,
    enabled boolean NOT NULL,
    secret_ciphertext text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT webhooks_pkey PRIMARY KEY (account_id),
    CONSTRAINT webhooks_url_check CHECK (url ~ '^https?://'::text AND length(url) <= 2048)
);

-- Sequences owned by serial columns

ALTER SEQUENCE public.changes_id_seq OWNED BY public.changes.id;

ALTER SEQUENCE public.etl_runs_etl_run_id_seq OWNED BY public.etl_runs.etl_run_id;

-- Foreign keys

ALTER TABLE ONLY public.account_daily_usage ADD CONSTRAINT account_daily_usage_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.changes ADD CONSTRAINT changes_etl_run_id_fkey FOREIGN KEY (etl_run_id) REFERENCES public.etl_runs(etl_run_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.etl_quarantine ADD CONSTRAINT etl_quarantine_etl_run_id_fkey FOREIGN KEY (etl_run_id) REFERENCES public.etl_runs(etl_run_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.history_baseline ADD CONSTRAINT history_baseline_etl_run_id_fkey FOREIGN KEY (etl_run_id) REFERENCES public.etl_runs(etl_run_id);

ALTER TABLE ONLY public.password_reset_tokens ADD CONSTRAINT password_reset_tokens_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.receipts ADD CONSTRAINT receipts_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id);

ALTER TABLE ONLY public.receipts ADD CONSTRAINT receipts_kid_fkey FOREIGN KEY (kid) REFERENCES public.receipt_signing_keys(kid);

ALTER TABLE ONLY public.risk_history ADD CONSTRAINT risk_history_etl_run_id_fkey FOREIGN KEY (etl_run_id) REFERENCES public.etl_runs(etl_run_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.risk_history_baseline ADD CONSTRAINT risk_history_baseline_etl_run_id_fkey FOREIGN KEY (etl_run_id) REFERENCES public.etl_runs(etl_run_id);

ALTER TABLE ONLY public.risk_history_runs ADD CONSTRAINT risk_history_runs_etl_run_id_fkey FOREIGN KEY (etl_run_id) REFERENCES public.etl_runs(etl_run_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.upcoming_alerts ADD CONSTRAINT upcoming_alerts_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.watchlist_entries ADD CONSTRAINT watchlist_entries_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.webhook_deliveries ADD CONSTRAINT webhook_deliveries_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.webhook_delivery_attempts ADD CONSTRAINT webhook_delivery_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES public.webhook_deliveries(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.webhooks ADD CONSTRAINT webhooks_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.accounts(id) ON DELETE CASCADE;

-- Views

CREATE VIEW public.carrier_core AS
 SELECT dot_number,
    mc_number,
    legal_name,
    dba_name,
    carrier_status,
    phy_street,
    phy_city,
    phy_state,
    phy_zip,
    lat,
    lon,
    phone,
    email,
    power_units,
    drivers,
    authority_status,
    common_authority_date,
    contract_authority_date,
    broker_authority_status,
    mcs150_date,
    mcs150_mileage,
    mcs150_mileage_year,
    cargo_carried,
    operation_classification,
    contract_authority_status,
    authorities,
    authority_source,
    carrier_operation,
    operation_other
   FROM public.carriers;

CREATE VIEW public.carrier_history_implicit AS
 SELECT c.dot_number,
    b.valid_from,
    NULL::date AS valid_to,
    b.etl_run_id AS valid_from_run,
    NULL::integer AS valid_to_run,
    c.mc_number,
    c.legal_name,
    c.dba_name,
    c.entity_type,
    c.carrier_status,
    c.authority_status,
    c.contract_authority_status,
    c.broker_authority_status,
    c.common_authority_date,
    c.contract_authority_date,
    c.revocation_pending,
    c.phy_street,
    c.phy_city,
    c.phy_state,
    c.phy_zip,
    c.phone,
    c.email,
    c.officer_1,
    c.officer_2,
    c.power_units,
    c.drivers,
    c.mcs150_date,
    c.mcs150_mileage,
    c.mcs150_mileage_year,
    c.add_date,
    c.safety_rating,
    c.cargo_carried,
    c.operation_classification,
    c.bipd_required,
    c.bipd_on_file,
    c.cargo_on_file,
    c.bond_on_file,
    c.max_bipd,
    c.max_cargo,
    c.active_policy_count,
    c.next_expiration,
    c.driver_inspections,
    c.driver_oos_inspections,
    c.vehicle_inspections,
    c.vehicle_oos_inspections,
    c.hazmat_inspections,
    c.hazmat_oos_inspections,
    c.driver_oos_rate,
    c.vehicle_oos_rate,
    c.hazmat_oos_rate,
    c.total_crashes,
    c.fatal_crashes,
    c.injury_crashes,
    c.tow_crashes,
    c.basics,
    c.lat,
    c.lon,
    c.carrier_operation,
    c.authorities,
    c.authority_source,
    c.operation_other,
    c.cargo_filed,
    c.bond_filed,
    c.insurance_source,
    c.scheduled_events
   FROM public.carriers c
     CROSS JOIN public.history_baseline b
  WHERE NOT (EXISTS ( SELECT 1
           FROM public.carrier_history x
          WHERE x.dot_number = c.dot_number));

CREATE VIEW public.carrier_versions AS
 SELECT carrier_history.dot_number,
    carrier_history.valid_from,
    carrier_history.valid_to,
    carrier_history.valid_from_run,
    carrier_history.valid_to_run,
    carrier_history.mc_number,
    carrier_history.legal_name,
    carrier_history.dba_name,
    carrier_history.entity_type,
    carrier_history.carrier_status,
    carrier_history.authority_status,
    carrier_history.contract_authority_status,
    carrier_history.broker_authority_status,
    carrier_history.common_authority_date,
    carrier_history.contract_authority_date,
    carrier_history.revocation_pending,
    carrier_history.phy_street,
    carrier_history.phy_city,
    carrier_history.phy_state,
    carrier_history.phy_zip,
    carrier_history.phone,
    carrier_history.email,
    carrier_history.officer_1,
    carrier_history.officer_2,
    carrier_history.power_units,
    carrier_history.drivers,
    carrier_history.mcs150_date,
    carrier_history.mcs150_mileage,
    carrier_history.mcs150_mileage_year,
    carrier_history.add_date,
    carrier_history.safety_rating,
    carrier_history.cargo_carried,
    carrier_history.operation_classification,
    carrier_history.bipd_required,
    carrier_history.bipd_on_file,
    carrier_history.cargo_on_file,
    carrier_history.bond_on_file,
    carrier_history.max_bipd,
    carrier_history.max_cargo,
    carrier_history.active_policy_count,
    carrier_history.next_expiration,
    carrier_history.driver_inspections,
    carrier_history.driver_oos_inspections,
    carrier_history.vehicle_inspections,
    carrier_history.vehicle_oos_inspections,
    carrier_history.hazmat_inspections,
    carrier_history.hazmat_oos_inspections,
    carrier_history.driver_oos_rate,
    carrier_history.vehicle_oos_rate,
    carrier_history.hazmat_oos_rate,
    carrier_history.total_crashes,
    carrier_history.fatal_crashes,
    carrier_history.injury_crashes,
    carrier_history.tow_crashes,
    carrier_history.basics,
    carrier_history.lat,
    carrier_history.lon,
    carrier_history.carrier_operation,
    carrier_history.authorities,
    carrier_history.authority_source,
    carrier_history.operation_other,
    carrier_history.cargo_filed,
    carrier_history.bond_filed,
    carrier_history.insurance_source,
    carrier_history.scheduled_events
   FROM public.carrier_history
UNION ALL
 SELECT carrier_history_implicit.dot_number,
    carrier_history_implicit.valid_from,
    carrier_history_implicit.valid_to,
    carrier_history_implicit.valid_from_run,
    carrier_history_implicit.valid_to_run,
    carrier_history_implicit.mc_number,
    carrier_history_implicit.legal_name,
    carrier_history_implicit.dba_name,
    carrier_history_implicit.entity_type,
    carrier_history_implicit.carrier_status,
    carrier_history_implicit.authority_status,
    carrier_history_implicit.contract_authority_status,
    carrier_history_implicit.broker_authority_status,
    carrier_history_implicit.common_authority_date,
    carrier_history_implicit.contract_authority_date,
    carrier_history_implicit.revocation_pending,
    carrier_history_implicit.phy_street,
    carrier_history_implicit.phy_city,
    carrier_history_implicit.phy_state,
    carrier_history_implicit.phy_zip,
    carrier_history_implicit.phone,
    carrier_history_implicit.email,
    carrier_history_implicit.officer_1,
    carrier_history_implicit.officer_2,
    carrier_history_implicit.power_units,
    carrier_history_implicit.drivers,
    carrier_history_implicit.mcs150_date,
    carrier_history_implicit.mcs150_mileage,
    carrier_history_implicit.mcs150_mileage_year,
    carrier_history_implicit.add_date,
    carrier_history_implicit.safety_rating,
    carrier_history_implicit.cargo_carried,
    carrier_history_implicit.operation_classification,
    carrier_history_implicit.bipd_required,
    carrier_history_implicit.bipd_on_file,
    carrier_history_implicit.cargo_on_file,
    carrier_history_implicit.bond_on_file,
    carrier_history_implicit.max_bipd,
    carrier_history_implicit.max_cargo,
    carrier_history_implicit.active_policy_count,
    carrier_history_implicit.next_expiration,
    carrier_history_implicit.driver_inspections,
    carrier_history_implicit.driver_oos_inspections,
    carrier_history_implicit.vehicle_inspections,
    carrier_history_implicit.vehicle_oos_inspections,
    carrier_history_implicit.hazmat_inspections,
    carrier_history_implicit.hazmat_oos_inspections,
    carrier_history_implicit.driver_oos_rate,
    carrier_history_implicit.vehicle_oos_rate,
    carrier_history_implicit.hazmat_oos_rate,
    carrier_history_implicit.total_crashes,
    carrier_history_implicit.fatal_crashes,
    carrier_history_implicit.injury_crashes,
    carrier_history_implicit.tow_crashes,
    carrier_history_implicit.basics,
    carrier_history_implicit.lat,
    carrier_history_implicit.lon,
    carrier_history_implicit.carrier_operation,
    carrier_history_implicit.authorities,
    carrier_history_implicit.authority_source,
    carrier_history_implicit.operation_other,
    carrier_history_implicit.cargo_filed,
    carrier_history_implicit.bond_filed,
    carrier_history_implicit.insurance_source,
    carrier_history_implicit.scheduled_events
   FROM public.carrier_history_implicit;

CREATE VIEW public.etl_run_states AS
 SELECT etl_run_id,
    batch_ts,
    input_dir,
        CASE
            WHEN status = 'running'::text AND NOT (EXISTS ( SELECT 1
               FROM pg_locks l
              WHERE l.locktype = 'advisory'::text AND l.database = (( SELECT pg_database.oid
                       FROM pg_database
                      WHERE pg_database.datname = current_database())) AND l.classid = 4071::oid AND l.objid = r.etl_run_id::oid AND l.objsubid = 2 AND l.granted)) THEN 'interrupted'::text
            ELSE status
        END AS status,
    stages,
    summary,
    error,
    started_at,
    finished_at
   FROM public.etl_runs r;

CREATE VIEW public.insurance_policy_implicit AS
 SELECT p.dot_number,
    p.policy_type,
    p.type_description,
    p.insurer_name,
    p.policy_number,
    p.coverage_amount,
    p.effective_date,
    p.expiration_date,
    p.form_code,
    b.valid_from,
    NULL::date AS valid_to,
    b.etl_run_id AS valid_from_run,
    NULL::integer AS valid_to_run,
    p.source
   FROM public.insurance_policies p
     CROSS JOIN public.history_baseline b
  WHERE NOT (EXISTS ( SELECT 1
           FROM public.carrier_history x
          WHERE x.dot_number = p.dot_number));

CREATE VIEW public.insurance_policy_versions AS
 SELECT insurance_policy_history.dot_number,
    insurance_policy_history.policy_type,
    insurance_policy_history.type_description,
    insurance_policy_history.insurer_name,
    insurance_policy_history.policy_number,
    insurance_policy_history.coverage_amount,
    insurance_policy_history.effective_date,
    insurance_policy_history.expiration_date,
    insurance_policy_history.form_code,
    insurance_policy_history.valid_from,
    insurance_policy_history.valid_to,
    insurance_policy_history.valid_from_run,
    insurance_policy_history.valid_to_run,
    insurance_policy_history.source
   FROM public.insurance_policy_history
UNION ALL
 SELECT insurance_policy_implicit.dot_number,
    insurance_policy_implicit.policy_type,
    insurance_policy_implicit.type_description,
    insurance_policy_implicit.insurer_name,
    insurance_policy_implicit.policy_number,
    insurance_policy_implicit.coverage_amount,
    insurance_policy_implicit.effective_date,
    insurance_policy_implicit.expiration_date,
    insurance_policy_implicit.form_code,
    insurance_policy_implicit.valid_from,
    insurance_policy_implicit.valid_to,
    insurance_policy_implicit.valid_from_run,
    insurance_policy_implicit.valid_to_run,
    insurance_policy_implicit.source
   FROM public.insurance_policy_implicit;

CREATE VIEW public.risk_history_implicit AS
 SELECT c.dot_number,
    b.etl_run_id,
    b.computed_at,
    s.score,
    s.grade,
    s.tier,
    ARRAY( SELECT DISTINCT (f.value ->> 'code'::text) COLLATE "C"
           FROM json_array_elements(s.flags) f(value)
          ORDER BY ((f.value ->> 'code'::text) COLLATE "C")) AS flag_codes,
    s.components,
    s.flags
   FROM public.carriers c
     CROSS JOIN public.risk_history_baseline b
     CROSS JOIN LATERAL json_to_record(c.risk_score) s(score smallint, grade text, tier text, components json, flags json)
  WHERE c.risk_score IS NOT NULL AND NOT (EXISTS ( SELECT 1
           FROM public.risk_history h
          WHERE h.dot_number = c.dot_number));

CREATE VIEW public.risk_history_all AS
 SELECT risk_history.dot_number,
    risk_history.etl_run_id,
    risk_history.computed_at,
    risk_history.score,
    risk_history.grade,
    risk_history.tier,
    risk_history.flag_codes,
    risk_history.components,
    risk_history.flags
   FROM public.risk_history
UNION ALL
 SELECT risk_history_implicit.dot_number,
    risk_history_implicit.etl_run_id,
    risk_history_implicit.computed_at,
    risk_history_implicit.score,
    risk_history_implicit.grade,
    risk_history_implicit.tier,
    risk_history_implicit.flag_codes,
    risk_history_implicit.components,
    risk_history_implicit.flags
   FROM public.risk_history_implicit;

-- Indexes

CREATE INDEX carrier_core_json_mc_number_idx ON public.carrier_core_json USING btree (mc_number);

CREATE UNIQUE INDEX carrier_history_current_idx ON public.carrier_history USING btree (dot_number) WHERE (valid_to IS NULL);

CREATE INDEX carrier_history_from_run_idx ON public.carrier_history USING btree (valid_from_run);

CREATE INDEX carrier_history_to_run_idx ON public.carrier_history USING btree (valid_to_run) WHERE (valid_to_run IS NOT NULL);

CREATE INDEX carrier_search_dba_norm_idx ON public.carrier_search USING btree (dba_norm, name, id) INCLUDE (name_norm, active, state, entity, cargo_bits, power_units, auth_since) WHERE (dba_norm <> ''::text);

CREATE INDEX carrier_search_email_idx ON public.carrier_search USING btree (email) WHERE (email IS NOT NULL);

CREATE INDEX carrier_search_fleet_idx ON public.carrier_search USING btree (power_units, id);

CREATE INDEX carrier_search_keys_idx ON public.carrier_search USING gin (keys);

CREATE INDEX carrier_search_mc_idx ON public.carrier_search USING btree (mc) WHERE (mc IS NOT NULL);

CREATE INDEX carrier_search_name_idx ON public.carrier_search USING btree (name, id) INCLUDE (active, state, entity, cargo_bits, power_units, auth_since, name_norm, dba_norm);

CREATE INDEX carrier_search_name_norm_idx ON public.carrier_search USING btree (name_norm, name, id) INCLUDE (dba_norm, active, state, entity, cargo_bits, power_units, auth_since);

CREATE INDEX carrier_search_officers_idx ON public.carrier_search USING gin (officers public.gin_trgm_ops);

CREATE INDEX carrier_search_phone_idx ON public.carrier_search USING btree (phone) WHERE (phone IS NOT NULL);

CREATE INDEX carrier_search_state_id_idx ON public.carrier_search USING btree (state, id) INCLUDE (active, entity, cargo_bits, power_units, auth_since);

CREATE INDEX carrier_search_state_name_idx ON public.carrier_search USING btree (state, name, id) INCLUDE (active, entity, cargo_bits, power_units, auth_since);

CREATE INDEX carrier_search_terms_idx ON public.carrier_search USING gin (terms);

CREATE INDEX carriers_mc_number_idx ON public.carriers USING btree (mc_number) WHERE (mc_number IS NOT NULL);

CREATE INDEX changes_dot_run_idx ON public.changes USING btree (dot_number, etl_run_id DESC);

CREATE INDEX changes_run_category_idx ON public.changes USING btree (etl_run_id, category);

CREATE INDEX changes_run_order_idx ON public.changes USING btree (etl_run_id, ((dot_number)::bigint), public.change_category_ord(category));

CREATE INDEX changes_run_state_idx ON public.changes USING btree (etl_run_id, phy_state, ((dot_number)::bigint), public.change_category_ord(category));

CREATE INDEX changes_successors_idx ON public.changes USING btree (batch_ts) WHERE ((category = 'new_carrier'::text) AND (new_values ? 'successor_of'::text));

CREATE INDEX etl_quarantine_run_idx ON public.etl_quarantine USING btree (etl_run_id, file, line);

CREATE INDEX etl_runs_batch_idx ON public.etl_runs USING btree (batch_ts, etl_run_id);

CREATE UNIQUE INDEX etl_runs_batch_live_idx ON public.etl_runs USING btree (batch_ts) WHERE (status <> 'failed'::text);

CREATE INDEX etl_runs_served_idx ON public.etl_runs USING btree (batch_ts DESC) WHERE (status = 'succeeded'::text);

CREATE INDEX insurance_policies_dot_idx ON public.insurance_policies USING btree (dot_number);

CREATE INDEX insurance_policy_history_current_idx ON public.insurance_policy_history USING btree (dot_number) WHERE (valid_to IS NULL);

CREATE INDEX insurance_policy_history_dot_idx ON public.insurance_policy_history USING btree (dot_number, valid_from);

CREATE INDEX insurance_policy_history_from_run_idx ON public.insurance_policy_history USING btree (valid_from_run);

CREATE INDEX insurance_policy_history_to_run_idx ON public.insurance_policy_history USING btree (valid_to_run) WHERE (valid_to_run IS NOT NULL);

CREATE INDEX password_reset_tokens_account ON public.password_reset_tokens USING btree (account_id);

CREATE UNIQUE INDEX receipt_signing_keys_current_idx ON public.receipt_signing_keys USING btree ((true)) WHERE (retired_at IS NULL);

CREATE INDEX receipts_account_dot_idx ON public.receipts USING btree (account_id, dot_number, issued_at DESC, id);

CREATE INDEX receipts_account_idx ON public.receipts USING btree (account_id, issued_at DESC, id);

CREATE INDEX risk_history_dot_time_idx ON public.risk_history USING btree (dot_number, computed_at DESC);

CREATE INDEX risk_history_run_idx ON public.risk_history USING btree (etl_run_id);

CREATE INDEX search_counts_cargo_idx ON public.search_counts USING btree (cargo, active, state, entity) INCLUDE (n);

CREATE INDEX search_postings_walk_idx ON public.search_postings USING btree (term, active, name, id) INCLUDE (lcp, state, entity, cargo_bits, power_units, auth_since);

CREATE INDEX upcoming_alerts_event_date_idx ON public.upcoming_alerts USING btree (event_date);

CREATE INDEX watchlist_entries_dot_idx ON public.watchlist_entries USING btree (dot_number);

CREATE INDEX watchlist_entries_listing_idx ON public.watchlist_entries USING btree (account_id, created_at DESC, dot_number);

CREATE INDEX webhook_deliveries_listing_idx ON public.webhook_deliveries USING btree (account_id, created_at DESC, id DESC);

CREATE INDEX webhook_deliveries_open_idx ON public.webhook_deliveries USING btree (account_id) WHERE (status = ANY (ARRAY['pending'::text, 'retrying'::text]));

CREATE UNIQUE INDEX webhook_deliveries_run_idx ON public.webhook_deliveries USING btree (account_id, etl_run_id) WHERE (event = 'watchlist.changes'::text);

-- Triggers

CREATE TRIGGER carrier_core_json_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.carrier_core_json FOR EACH STATEMENT EXECUTE FUNCTION public.notify_carrier_data();

CREATE TRIGGER carriers_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.carriers FOR EACH STATEMENT EXECUTE FUNCTION public.notify_carrier_data();

CREATE TRIGGER etl_runs_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.etl_runs FOR EACH STATEMENT EXECUTE FUNCTION public.notify_carrier_data();

CREATE TRIGGER insurance_policies_notify AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.insurance_policies FOR EACH STATEMENT EXECUTE FUNCTION public.notify_carrier_data();

CREATE TRIGGER receipt_signing_keys_guard BEFORE DELETE OR UPDATE ON public.receipt_signing_keys FOR EACH ROW EXECUTE FUNCTION public.guard_receipt_signing_key();

CREATE TRIGGER receipt_signing_keys_no_truncate BEFORE TRUNCATE ON public.receipt_signing_keys FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_receipt_change();

CREATE TRIGGER receipts_append_only BEFORE DELETE OR UPDATE ON public.receipts FOR EACH ROW EXECUTE FUNCTION public.refuse_receipt_change();

CREATE TRIGGER receipts_no_truncate BEFORE TRUNCATE ON public.receipts FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_receipt_change();
