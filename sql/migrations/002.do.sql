-- Registry data written by the nightly pipeline (pipeline/stages/load.ts).
-- Readers find the served run with sql/pipeline/served_run.sql: the newest succeeded etl_runs row.

-- One row per pipeline run (one per dump day). A run is served once its status is 'succeeded';
-- the flip happens in the same transaction that writes its carriers and changes.
CREATE TABLE etl_runs (
  etl_run_id  serial PRIMARY KEY,
  -- Midnight UTC of the dump day: the data's as-of time, shared by every row the run writes.
  batch_ts    timestamptz NOT NULL UNIQUE,
  input_dir   text NOT NULL,
  status      text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  -- {stage: {ms, rows, at, ...}} in the order the stages ran.
  stages      jsonb NOT NULL DEFAULT '{}',
  -- The ten summary keys of GET /v1/changes (new_carriers ... total_changes).
  summary     jsonb,
  error       text,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX etl_runs_served_idx ON etl_runs (batch_ts DESC) WHERE status = 'succeeded';

-- The served snapshot: exactly the columns of CarrierSnapshot (lib/snapshot.ts), one row per DOT.
-- etl_run_id / updated_at: the run (and its batch_ts) that last wrote the row; nightly loads
-- rewrite only carriers whose snapshot row changed, so these say when the row last changed.
CREATE TABLE carriers (
  dot_number                text PRIMARY KEY CHECK (dot_number ~ '^[1-9][0-9]*$'),
  mc_number                 text,
  legal_name                text NOT NULL,
  dba_name                  text NOT NULL,
  entity_type               text NOT NULL,
  carrier_status            text NOT NULL CHECK (carrier_status IN ('ACTIVE', 'INACTIVE')),
  authority_status          text NOT NULL,
  contract_authority_status text NOT NULL,
  broker_authority_status   text NOT NULL,
  common_authority_date     date,
  contract_authority_date   date,
  revocation_pending        text NOT NULL,
  phy_street                text NOT NULL,
  phy_city                  text NOT NULL,
  phy_state                 text NOT NULL,
  phy_zip                   text NOT NULL,
  phone                     text NOT NULL,
  email                     text NOT NULL,
  officer_1                 text NOT NULL,
  officer_2                 text NOT NULL,
  power_units               integer NOT NULL,
  drivers                   integer NOT NULL,
  mcs150_date               date,
  mcs150_mileage            bigint NOT NULL,
  mcs150_mileage_year       integer NOT NULL,
  add_date                  date,
  safety_rating             text NOT NULL,
  cargo_carried             text[] NOT NULL,
  operation_classification  text[] NOT NULL,
  bipd_required             bigint NOT NULL,
  bipd_on_file              bigint NOT NULL,
  cargo_on_file             bigint NOT NULL,
  bond_on_file              bigint NOT NULL,
  max_bipd                  bigint NOT NULL,
  max_cargo                 bigint NOT NULL,
  active_policy_count       integer NOT NULL,
  next_expiration           date,
  driver_inspections        integer NOT NULL,
  driver_oos_inspections    integer NOT NULL,
  vehicle_inspections       integer NOT NULL,
  vehicle_oos_inspections   integer NOT NULL,
  hazmat_inspections        integer NOT NULL,
  hazmat_oos_inspections    integer NOT NULL,
  driver_oos_rate           numeric(5, 2),
  vehicle_oos_rate          numeric(5, 2),
  hazmat_oos_rate           numeric(5, 2),
  total_crashes             integer NOT NULL,
  fatal_crashes             integer NOT NULL,
  injury_crashes            integer NOT NULL,
  tow_crashes               integer NOT NULL,
  basics                    jsonb NOT NULL,
  lat                       double precision,
  lon                       double precision,
  etl_run_id                integer NOT NULL,
  updated_at                timestamptz NOT NULL
);
-- MC numbers are not unique (FMCSA data has duplicates): a plain index, bare digits.
CREATE INDEX carriers_mc_number_idx ON carriers (mc_number) WHERE mc_number IS NOT NULL;

-- Active insurance policies of the served run (actpendins.txt, effective on the batch date).
CREATE TABLE insurance_policies (
  dot_number       text NOT NULL,
  -- BIPD, CARGO, BOND, SURETY, TRUST FUND ... (the part of the description before '/').
  policy_type      text NOT NULL,
  -- The file's insurance_type_description as given, e.g. 'BIPD/Primary'.
  type_description text NOT NULL,
  insurer_name     text NOT NULL,
  policy_number    text NOT NULL,
  coverage_amount  bigint NOT NULL,
  effective_date   date,
  expiration_date  date,
  form_code        text NOT NULL
);
CREATE INDEX insurance_policies_dot_idx ON insurance_policies (dot_number);

-- The change feed: one row per (run, carrier, category), written with the run's load.
CREATE TABLE changes (
  id           bigserial PRIMARY KEY,
  etl_run_id   integer NOT NULL REFERENCES etl_runs (etl_run_id) ON DELETE CASCADE,
  batch_ts     timestamptz NOT NULL,
  dot_number   text NOT NULL,
  carrier_name text NOT NULL,
  category     text NOT NULL CHECK (category IN ('new_carrier', 'removed_carrier', 'authority_change',
                 'revocation_pending', 'insurance_change', 'safety_change', 'fleet_change',
                 'identity_change', 'contact_change')),
  old_values   jsonb NOT NULL,
  new_values   jsonb NOT NULL,
  -- The carrier's physical state as of this run (the old one for removed_carrier).
  phy_state    text NOT NULL
);
CREATE INDEX changes_run_category_idx ON changes (etl_run_id, category);
CREATE INDEX changes_dot_run_idx ON changes (dot_number, etl_run_id DESC);
