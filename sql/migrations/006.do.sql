-- Change-feed retention and the history behind point-in-time lookups (GET /v1/carriers/{dot}?as_of).
-- Written by pipeline/stages/history.ts inside each run's load transaction; pruned by
-- jobs/retention.ts together with the change feed (52 weeks).

-- Position of a change category in the spec's order (lib/domain.ts CHANGE_CATEGORIES): the
-- feed's secondary sort key. IMMUTABLE so the run-detail index below can carry it.
CREATE FUNCTION change_category_ord(category text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (array_position(ARRAY['new_carrier', 'removed_carrier', 'authority_change', 'revocation_pending',
    'insurance_change', 'safety_change', 'fleet_change', 'identity_change', 'contact_change'], $1) - 1)::smallint
$$;

-- The summary of a run counted from its rows, keyed as in GET /v1/changes (index-only over
-- changes_run_category_idx: a few ms for a run of ~20k rows). $1, not the parameter's name: in a
-- SQL function a column of that name would win.
CREATE FUNCTION change_summary(run integer) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE AS $$
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
$$;

-- Run detail and latest read one run's rows by DOT (numeric), then category: straight off this
-- index, so a deep page never sorts the run's ~20k rows.
CREATE INDEX changes_run_order_idx ON changes (etl_run_id, (dot_number::bigint), change_category_ord(category));
-- Latest with a state filter: the ~2% of a run's rows in one state, already in feed order.
CREATE INDEX changes_run_state_idx ON changes (etl_run_id, phy_state, (dot_number::bigint), change_category_ord(category));

-- Set by the retention job when the run's change rows were deleted (older than 52 weeks): the run
-- leaves the feed (404) and the as_of horizon moves past it. The run row itself stays (risk
-- history and the pipeline refer to it).
ALTER TABLE etl_runs ADD COLUMN changes_purged_at timestamptz;

-- SCD-2 history of the carrier snapshot: one version per (DOT, period in which its row did not
-- change). A version written by run R is valid from R's batch date (inclusive) until the batch date
-- of the run that changed or removed the carrier (exclusive; NULL while current). The columns are
-- the snapshot columns of `carriers` (lib/snapshot.ts), so an as_of answer is the whole profile as
-- that run served it.
CREATE TABLE carrier_history (
  dot_number                text NOT NULL,
  valid_from                date NOT NULL,
  valid_to                  date,
  valid_from_run            integer NOT NULL,
  valid_to_run              integer,
  mc_number                 text,
  legal_name                text NOT NULL,
  dba_name                  text NOT NULL,
  entity_type               text NOT NULL,
  carrier_status            text NOT NULL,
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
  PRIMARY KEY (dot_number, valid_from),
  CHECK (valid_to IS NULL OR valid_to > valid_from),
  CHECK ((valid_to IS NULL) = (valid_to_run IS NULL))
);
-- At most one current version per DOT; also what the hook compares a run's carriers against.
CREATE UNIQUE INDEX carrier_history_current_idx ON carrier_history (dot_number) WHERE valid_to IS NULL;
-- A rerun of a run's load first undoes that run's versions (idempotence), found through these.
CREATE INDEX carrier_history_from_run_idx ON carrier_history (valid_from_run);
CREATE INDEX carrier_history_to_run_idx ON carrier_history (valid_to_run) WHERE valid_to_run IS NOT NULL;

-- History of the active insurance policies (insurance_policies), same validity rules: a row is on
-- file from the run that first served it until the run that no longer did. Identical filings of
-- one carrier are distinct rows (a multiset, as in the source file).
CREATE TABLE insurance_policy_history (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dot_number       text NOT NULL,
  policy_type      text NOT NULL,
  type_description text NOT NULL,
  insurer_name     text NOT NULL,
  policy_number    text NOT NULL,
  coverage_amount  bigint NOT NULL,
  effective_date   date,
  expiration_date  date,
  form_code        text NOT NULL,
  valid_from       date NOT NULL,
  valid_to         date,
  valid_from_run   integer NOT NULL,
  valid_to_run     integer,
  CHECK (valid_to IS NULL OR valid_to > valid_from),
  CHECK ((valid_to IS NULL) = (valid_to_run IS NULL))
);
CREATE INDEX insurance_policy_history_dot_idx ON insurance_policy_history (dot_number, valid_from);
CREATE INDEX insurance_policy_history_current_idx ON insurance_policy_history (dot_number) WHERE valid_to IS NULL;
CREATE INDEX insurance_policy_history_from_run_idx ON insurance_policy_history (valid_from_run);
CREATE INDEX insurance_policy_history_to_run_idx ON insurance_policy_history (valid_to_run) WHERE valid_to_run IS NOT NULL;
