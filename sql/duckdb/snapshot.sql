-- The carrier snapshot of a run: one row per census DOT with exactly the CarrierSnapshot columns
-- (lib/snapshot.ts documents each derivation), plus the run's active policies, row hashes and
-- pending policy events. Tables, not views: later stages read them several times. Vars: schema
-- (the inputs: r<run>, or r<run>_delta for the carriers of the input delta), snapshot, policies,
-- row_hashes, policy_events (the tables to create: the run file's, or temp tables that
-- snapshot_carry.sql patches the previous run's copy with), create (CREATE OR REPLACE [TEMP]
-- TABLE), batch_date (DATE literal), centroids (path literal).
--
-- Registration facts (authority, insurance, revocations) come from the frozen legacy L&I archive
-- and from Motus; for each dataset family, Motus wins for every docket it holds for the DOT, and
-- each fact records its source ('legacy' or 'motus').

-- Each docket's authority record: a legacy Carrier row, unless Motus Carrier holds the docket
-- for the DOT, or the docket's Motus Carrier rows (one per operating authority).
CREATE OR REPLACE TEMP TABLE registration AS
SELECT l.*, 'legacy' AS source
FROM {{schema}}.li_carrier l
WHERE l.dot_number IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM {{schema}}.motus_carrier m
                  WHERE m.dot_number = l.dot_number AND m.docket_prefix = l.docket_prefix AND m.docket_number IS NOT DISTINCT FROM l.docket_number);

-- One row per authority a carrier holds or held: legacy COMMON / CONTRACT / BROKER of each
-- docket (N with nothing pending is no authority), and each Motus authority under its published
-- type. kind is what the snapshot's statuses count it as: Motus does not tell common from
-- contract carriage, so its motor-carrier authorities count as COMMON; so do its freight-forwarder
-- authorities, a forwarder's operating authority, for which the profile has no status of its own
-- (counted nowhere, an active forwarder would read as holding no authority at all).
CREATE OR REPLACE TEMP TABLE authorities AS
SELECT dot_number, docket_prefix, docket_number, kind AS authority, kind, status, source
FROM (
  SELECT dot_number, docket_prefix, docket_number, source, 'COMMON' AS kind, common_status AS status FROM registration
  UNION ALL
  SELECT dot_number, docket_prefix, docket_number, source, 'CONTRACT', contract_status FROM registration
  UNION ALL
  SELECT dot_number, docket_prefix, docket_number, source, 'BROKER', broker_status FROM registration
)
WHERE status <> 'NONE'
UNION ALL
SELECT dot_number, docket_prefix, docket_number, authority_type, CASE kind WHEN 'BROKER' THEN 'BROKER' ELSE 'COMMON' END, status, 'motus'
FROM {{schema}}.motus_carrier
WHERE dot_number IS NOT NULL;

-- Each docket's amounts on file (BI&PD required and on file, cargo and bond filings).
CREATE OR REPLACE TEMP TABLE dockets AS
SELECT dot_number, docket_prefix, docket_number, bipd_required, bipd_on_file, cargo_filed, cargo_on_file,
       bond_filed, bond_on_file, source
FROM registration
UNION ALL
SELECT dot_number, docket_prefix, docket_number, max(bipd_required), max(bipd_on_file),
       bool_or(cargo_filed),
       -- NULL: filed without an amount (Y).
       CASE WHEN coalesce(max(cargo_on_file), 0) = 0 AND bool_or(cargo_on_file IS NULL) THEN NULL ELSE coalesce(max(cargo_on_file), 0) END,
       bool_or(bond_filed),
       CASE WHEN coalesce(max(bond_on_file), 0) = 0 AND bool_or(bond_on_file IS NULL) THEN NULL ELSE coalesce(max(bond_on_file), 0) END,
       'motus'
FROM {{schema}}.motus_carrier
WHERE dot_number IS NOT NULL
GROUP BY dot_number, docket_prefix, docket_number;

-- Every policy filed: legacy ActPendInsur rows, legacy Insur rows (no DOT column: the DOT of the
-- docket's legacy Carrier row; a policy in both files once), and Motus Insur rows, whose dockets
-- (with those in Motus InsHist) are Motus's for insurance. expiration_date: the policy's own
-- cancellation date, else the first one InsHist records for it on or after it took effect.
-- docket, cancel_source and cancel_dataset say where a cancellation date comes from (its
-- scheduled_events entry): never a column of policies, and aggregated, not grouped by, so that
-- a policy is one row exactly as it was without them.
CREATE OR REPLACE TEMP TABLE insurance AS
WITH motus_held AS (
  SELECT dot_number, docket_prefix, docket_number FROM {{schema}}.motus_insurance WHERE dot_number IS NOT NULL
  UNION
  SELECT dot_number, docket_prefix, docket_number FROM {{schema}}.motus_inshist WHERE dot_number IS NOT NULL
),
-- The rows without a DOT join the Carrier file on their own: with `i.dot_number IS NULL` in the
-- join condition DuckDB cannot hash it and compares every policy with every docket.
legacy AS (
  SELECT * EXCLUDE (own_dot)
  FROM (
    SELECT i.* EXCLUDE (_row, _error), true AS own_dot FROM {{schema}}.li_insurance i WHERE i.dot_number IS NOT NULL
    UNION ALL BY NAME
    SELECT c.dot_number, i.* EXCLUDE (dot_number, _row, _error), false AS own_dot
    FROM {{schema}}.li_insurance i
    LEFT JOIN (SELECT DISTINCT dot_number, docket_prefix, docket_number FROM {{schema}}.li_carrier WHERE dot_number IS NOT NULL) c
      ON c.docket_prefix = i.docket_prefix AND c.docket_number = i.docket_number
    WHERE i.dot_number IS NULL
  )
  QUALIFY row_number() OVER (
    PARTITION BY dot_number, docket_prefix, docket_number, form_code, policy_number, effective_date
    ORDER BY cancel_date IS NULL, NOT own_dot) = 1
),
filed AS (
  SELECT l.*, 'legacy' AS source FROM legacy l
  WHERE l.dot_number IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM motus_held m
                    WHERE m.dot_number = l.dot_number AND m.docket_prefix = l.docket_prefix AND m.docket_number IS NOT DISTINCT FROM l.docket_number)
  UNION ALL BY NAME
  SELECT m.* EXCLUDE (_row, _error), 'motus' AS source FROM {{schema}}.motus_insurance m WHERE m.dot_number IS NOT NULL
),
ended AS (
  SELECT dot_number, docket_prefix, docket_number, form_code, policy_number, effective_date, cancel_date, 'legacy' AS source
  FROM {{schema}}.li_inshist WHERE cancel_date IS NOT NULL
  UNION ALL
  SELECT dot_number, docket_prefix, docket_number, form_code, policy_number, effective_date, cancel_date, 'motus'
  FROM {{schema}}.motus_inshist WHERE cancel_date IS NOT NULL
),
dated AS (
  SELECT
    f.*,
    -- The first cancellation InsHist records (ties: legacy before motus), with its family.
    (SELECT min({'cancel_date': e.cancel_date, 'source': e.source}) FROM ended e
     WHERE e.docket_prefix = f.docket_prefix AND e.docket_number IS NOT DISTINCT FROM f.docket_number
       AND e.policy_number = f.policy_number AND e.form_code = f.form_code
       AND (f.effective_date IS NULL OR e.cancel_date >= f.effective_date)) AS hist
  FROM filed f
)
SELECT
  dot_number,
  trim(split_part(upper(type_description), '/', 1)) AS policy_type,
  type_description,
  insurer_name,
  policy_number,
  coverage_amount,
  effective_date,
  coalesce(cancel_date, hist.cancel_date) AS expiration_date,
  form_code,
  source,
  min(docket_prefix || coalesce(docket_number, '')) AS docket,
  -- The policy's own date: only legacy ActPendInsur carries one (Insur and Motus Insur have none).
  min(CASE WHEN cancel_date IS NOT NULL THEN source ELSE hist.source END) AS cancel_source,
  min(CASE WHEN cancel_date IS NOT NULL THEN CASE source WHEN 'legacy' THEN 'ActPendInsur' ELSE 'Insur' END
           WHEN hist.cancel_date IS NOT NULL THEN 'InsHist' END) AS cancel_dataset
FROM dated
GROUP BY ALL;

-- Policies in force on the batch date: effective (or undated) and not cancelled by then. A temp
-- table: the snapshot aggregates it, then the policies of census carriers are kept (below).
CREATE OR REPLACE TEMP TABLE active_policies AS
SELECT *
FROM insurance
WHERE (effective_date IS NULL OR effective_date <= {{batch_date}})
  AND (expiration_date IS NULL OR expiration_date > {{batch_date}});

-- The dates after the batch date on which a carrier's snapshot row changes with no line of the
-- input changing (the next runs' input delta takes it in): its policies start or end, or a
-- revocation or suspension order takes effect (revocation_pending, scheduled_events).
{{create}} {{policy_events}} AS
SELECT DISTINCT dot_number, on_date
FROM (
  SELECT dot_number, unnest([effective_date, expiration_date]) AS on_date FROM insurance
  UNION ALL
  SELECT dot_number, effective_date FROM {{schema}}.li_revocation WHERE dot_number IS NOT NULL
  UNION ALL
  SELECT dot_number, effective_date FROM {{schema}}.motus_revocation WHERE dot_number IS NOT NULL
)
WHERE on_date > {{batch_date}};
DROP TABLE insurance;

-- What the registry has already dated after the batch date, per carrier (lib/snapshot.ts
-- scheduled_events): revocation and suspension orders not yet in effect (legacy Revocation for
-- the dockets Motus RevokeSuspend does not hold for the DOT, Motus RevokeSuspend; exact
-- duplicate lines once), and the cancellations of policies in force. Each with its source, the
-- dataset of the record that dates it, and that record.
CREATE OR REPLACE TEMP TABLE scheduled AS
WITH orders AS (
  SELECT DISTINCT o.dot_number, o.docket_prefix || coalesce(o.docket_number, '') AS docket, o.kind, o.authority_type,
         o.order_type, o.serve_date, o.effective_date, 'legacy' AS source, 'Revocation' AS dataset
  FROM {{schema}}.li_revocation o
  WHERE o.dot_number IS NOT NULL AND o.effective_date > {{batch_date}}
    AND NOT EXISTS (SELECT 1 FROM {{schema}}.motus_revocation m
                    WHERE m.dot_number = o.dot_number AND m.docket_prefix = o.docket_prefix AND m.docket_number IS NOT DISTINCT FROM o.docket_number)
  UNION
  SELECT dot_number, docket_prefix || coalesce(docket_number, ''), kind, authority_type, order_type, serve_date, effective_date,
         'motus', 'RevokeSuspend'
  FROM {{schema}}.motus_revocation
  WHERE dot_number IS NOT NULL AND effective_date > {{batch_date}}
),
events AS (
  SELECT dot_number, {
    -- Motus RevokeSuspend carries suspensions beside revocations; its type says which.
    'kind': CASE WHEN contains(upper(order_type), 'SUSPEN') THEN 'suspension' ELSE 'revocation' END,
    'date': effective_date, 'source': source, 'dataset': dataset,
    'record': to_json({
      'docket': docket, 'authority': authority_type,
      -- The kind revocation_pending names (Motus motor-carrier authorities count as COMMON).
      'authority_kind': CASE kind WHEN 'CARRIER' THEN 'COMMON' ELSE kind END,
      'order_type': order_type, 'serve_date': serve_date, 'effective_date': effective_date})
  } AS event
  FROM orders
  UNION ALL
  SELECT dot_number, {
    'kind': 'insurance_cancellation', 'date': expiration_date, 'source': cancel_source, 'dataset': cancel_dataset,
    'record': to_json({
      'docket': docket, 'policy_number': policy_number, 'insurer_name': insurer_name, 'policy_type': policy_type,
      'type_description': type_description, 'form_code': form_code, 'coverage_amount': coverage_amount,
      'effective_date': effective_date, 'cancellation_date': expiration_date, 'policy_source': source})
  }
  FROM active_policies
  WHERE expiration_date > {{batch_date}}
)
-- One order, so that an unchanged carrier hashes the same every run.
SELECT dot_number, list(event ORDER BY event.date, event.kind, event.record::VARCHAR) AS events
FROM events
GROUP BY dot_number;

-- The facts joined to the census, each a table of its own first: as CTEs of the one statement
-- below, their windows, list aggregates and the join's hash tables all ran at once and ran out
-- of DuckDB's memory at 2.1M census rows (a window or a list aggregate cannot spill).
-- The DOT's primary docket for the amounts on file: its MC docket (lowest number), else its lowest.
CREATE OR REPLACE TEMP TABLE snap_primary_docket AS
SELECT *
FROM dockets
QUALIFY row_number() OVER (
  PARTITION BY dot_number
  ORDER BY docket_prefix = 'MC' DESC, TRY_CAST(docket_number AS BIGINT) NULLS LAST, docket_prefix, source DESC,
           bipd_on_file DESC
) = 1;

CREATE OR REPLACE TEMP TABLE snap_auth AS
SELECT
  dot_number,
  rank_status(max(status_rank(status)) FILTER (WHERE kind = 'COMMON')) AS authority_status,
  rank_status(max(status_rank(status)) FILTER (WHERE kind = 'CONTRACT')) AS contract_authority_status,
  rank_status(max(status_rank(status)) FILTER (WHERE kind = 'BROKER')) AS broker_authority_status,
  list({'docket': docket_prefix || coalesce(docket_number, ''), 'authority': authority, 'status': status, 'source': source}
       ORDER BY docket_prefix, TRY_CAST(docket_number AS BIGINT), authority) AS authorities,
  CASE WHEN bool_or(source = 'motus') THEN 'motus' ELSE 'legacy' END AS authority_source
FROM authorities
GROUP BY dot_number;

-- Newest grant or reinstatement of common (Motus: motor carrier) and contract authority, from
-- legacy AuthHist for the dockets Motus AuthHist does not hold for the DOT, else from Motus's.
CREATE OR REPLACE TEMP TABLE snap_grants AS
SELECT dot_number,
       max(granted_on) FILTER (WHERE kind = 'COMMON') AS common_authority_date,
       max(granted_on) FILTER (WHERE kind = 'CONTRACT') AS contract_authority_date
FROM (
  SELECT l.dot_number, l.kind, l.granted_on FROM {{schema}}.li_authhist l
  WHERE l.dot_number IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM {{schema}}.motus_authhist m
                    WHERE m.dot_number = l.dot_number AND m.docket_prefix = l.docket_prefix AND m.docket_number IS NOT DISTINCT FROM l.docket_number)
  UNION ALL
  SELECT dot_number, CASE kind WHEN 'BROKER' THEN 'BROKER' ELSE 'COMMON' END, granted_on FROM {{schema}}.motus_authhist
  WHERE dot_number IS NOT NULL
)
GROUP BY dot_number;

-- Pending revocations by kind. Legacy: the *_REV_PEND flags of dockets whose authority record is
-- legacy, unless a legacy revocation order of that kind took effect by the batch date (the flags
-- are frozen on 2026-05-14). Motus: orders whose effective date is after the batch date.
CREATE OR REPLACE TEMP TABLE snap_pending AS
SELECT dot_number, list_distinct(list(kind)) AS kinds
FROM (
  SELECT r.dot_number, p.kind, r.docket_prefix, r.docket_number
  FROM registration r,
       (VALUES ('COMMON'), ('CONTRACT'), ('BROKER')) p(kind)
  WHERE ((p.kind = 'COMMON' AND r.common_rev_pend) OR (p.kind = 'CONTRACT' AND r.contract_rev_pend) OR (p.kind = 'BROKER' AND r.broker_rev_pend))
    AND NOT EXISTS (SELECT 1 FROM {{schema}}.li_revocation o
                    WHERE o.dot_number = r.dot_number AND o.docket_prefix = r.docket_prefix AND o.docket_number IS NOT DISTINCT FROM r.docket_number
                      AND o.kind = p.kind AND o.effective_date <= {{batch_date}})
  UNION ALL
  SELECT dot_number, CASE kind WHEN 'CARRIER' THEN 'COMMON' ELSE kind END, docket_prefix, docket_number
  FROM {{schema}}.motus_revocation
  WHERE dot_number IS NOT NULL AND effective_date > {{batch_date}}
)
GROUP BY dot_number;

CREATE OR REPLACE TEMP TABLE snap_pol AS
SELECT
  dot_number,
  max(coverage_amount) FILTER (WHERE starts_with(upper(type_description), 'BIPD')) AS max_bipd,
  max(coverage_amount) FILTER (WHERE starts_with(upper(type_description), 'CARGO')) AS max_cargo,
  max(coverage_amount) FILTER (WHERE policy_type IN ('SURETY', 'TRUST FUND')) AS max_bond,
  count(*) AS active_policy_count,
  min(expiration_date) FILTER (WHERE expiration_date > {{batch_date}}) AS next_expiration,
  bool_or(source = 'motus') AS any_motus
FROM active_policies
GROUP BY dot_number;

-- One SMS row per DOT: the four Pass files hold a passenger carrier twice (Pass with percentiles,
-- PassProperty without): the Pass row, else the one with the most inspections.
CREATE OR REPLACE TEMP TABLE snap_pass AS
SELECT *
FROM {{schema}}.sms_pass
WHERE dot_number IS NOT NULL
QUALIFY row_number() OVER (
  PARTITION BY dot_number ORDER BY has_percentiles DESC, insp_total DESC, driver_inspections DESC, vehicle_inspections DESC
) = 1;

CREATE OR REPLACE TEMP TABLE snap_hazmat AS
SELECT
  dot_number,
  count(*) FILTER (WHERE total_hazmat_sent > 0) AS hazmat_inspections,
  count(*) FILTER (WHERE total_hazmat_sent > 0 AND hazmat_oos_total > 0) AS hazmat_oos_inspections
FROM {{schema}}.sms_inspection
WHERE dot_number IS NOT NULL
GROUP BY dot_number;

CREATE OR REPLACE TEMP TABLE snap_crash AS
SELECT
  dot_number,
  count(*) AS total_crashes,
  count(*) FILTER (WHERE fatalities > 0) AS fatal_crashes,
  count(*) FILTER (WHERE injuries > 0) AS injury_crashes,
  count(*) FILTER (WHERE tow_away) AS tow_crashes
FROM {{schema}}.sms_crash
WHERE dot_number IS NOT NULL
GROUP BY dot_number;

{{create}} {{snapshot}} AS
WITH
geo AS (
  SELECT upper(trim(state)) AS state, CAST(lat AS DOUBLE) AS lat, CAST(lon AS DOUBLE) AS lon
  FROM read_csv({{centroids}}, header = true, auto_detect = false, delim = ',', quote = '"',
                columns = {'state': 'VARCHAR', 'lat': 'VARCHAR', 'lon': 'VARCHAR'})
),
counts AS (
  SELECT
    c.* EXCLUDE (_row, _error),
    d.docket_prefix AS reg_docket_prefix,
    d.docket_number AS reg_docket_number,
    d.bipd_required AS reg_bipd_required, d.bipd_on_file AS reg_bipd_on_file,
    d.cargo_filed AS reg_cargo_filed, d.cargo_on_file AS reg_cargo_on_file,
    d.bond_filed AS reg_bond_filed, d.bond_on_file AS reg_bond_on_file,
    d.source AS reg_source,
    auth.authority_status AS auth_common, auth.contract_authority_status AS auth_contract,
    auth.broker_authority_status AS auth_broker, auth.authorities AS auth_list, auth.authority_source,
    grants.common_authority_date, grants.contract_authority_date,
    pending.kinds AS pending_kinds,
    scheduled.events AS scheduled_events,
    pol.max_bipd AS pol_max_bipd, pol.max_cargo AS pol_max_cargo, pol.max_bond AS pol_max_bond,
    pol.active_policy_count AS pol_count, pol.next_expiration, pol.any_motus AS pol_any_motus,
    pass.dot_number AS pass_dot,
    coalesce(pass.driver_inspections, 0) AS n_driver_insp,
    coalesce(pass.driver_oos_inspections, 0) AS n_driver_oos,
    coalesce(pass.vehicle_inspections, 0) AS n_vehicle_insp,
    coalesce(pass.vehicle_oos_inspections, 0) AS n_vehicle_oos,
    coalesce(hazmat.hazmat_inspections, 0) AS n_hazmat_insp,
    coalesce(hazmat.hazmat_oos_inspections, 0) AS n_hazmat_oos,
    pass.unsafe_driv_measure, pass.unsafe_driv_pct, pass.unsafe_driv_pct_reason, pass.unsafe_driv_alert,
    pass.hos_driv_measure, pass.hos_driv_pct, pass.hos_driv_pct_reason, pass.hos_driv_alert,
    pass.driv_fit_measure, pass.driv_fit_pct, pass.driv_fit_pct_reason, pass.driv_fit_alert,
    pass.contr_subst_measure, pass.contr_subst_pct, pass.contr_subst_pct_reason, pass.contr_subst_alert,
    pass.veh_maint_measure, pass.veh_maint_pct, pass.veh_maint_pct_reason, pass.veh_maint_alert,
    crash.total_crashes AS n_total_crashes, crash.fatal_crashes AS n_fatal_crashes,
    crash.injury_crashes AS n_injury_crashes, crash.tow_crashes AS n_tow_crashes,
    geo.lat AS geo_lat, geo.lon AS geo_lon,
    -- SMS intervention thresholds by peer group: passenger, hazmat, all others.
    CASE WHEN c.is_passenger THEN 50 WHEN c.is_hazmat THEN 60 ELSE 65 END AS threshold_a,
    CASE WHEN c.is_passenger THEN 65 WHEN c.is_hazmat THEN 75 ELSE 80 END AS threshold_b
  FROM {{schema}}.census c
  LEFT JOIN snap_primary_docket d ON d.dot_number = c.dot_number
  LEFT JOIN snap_auth auth ON auth.dot_number = c.dot_number
  LEFT JOIN snap_grants grants ON grants.dot_number = c.dot_number
  LEFT JOIN snap_pending pending ON pending.dot_number = c.dot_number
  LEFT JOIN scheduled ON scheduled.dot_number = c.dot_number
  LEFT JOIN snap_pol pol ON pol.dot_number = c.dot_number
  LEFT JOIN snap_pass pass ON pass.dot_number = c.dot_number
  LEFT JOIN snap_hazmat hazmat ON hazmat.dot_number = c.dot_number
  LEFT JOIN snap_crash crash ON crash.dot_number = c.dot_number
  LEFT JOIN geo ON geo.state = c.phy_state
)
SELECT
  dot_number,
  coalesce(mc_number, CASE WHEN reg_docket_prefix = 'MC' THEN reg_docket_number END) AS mc_number,
  legal_name,
  dba_name,
  entity_type,
  carrier_status,
  carrier_operation,
  coalesce(auth_common, 'NONE') AS authority_status,
  coalesce(auth_contract, 'NONE') AS contract_authority_status,
  coalesce(auth_broker, 'NONE') AS broker_authority_status,
  common_authority_date,
  contract_authority_date,
  coalesce(auth_list, []) AS authorities,
  authority_source,
  concat_ws(';',
    CASE WHEN list_contains(pending_kinds, 'COMMON') THEN 'COMMON' END,
    CASE WHEN list_contains(pending_kinds, 'CONTRACT') THEN 'CONTRACT' END,
    CASE WHEN list_contains(pending_kinds, 'BROKER') THEN 'BROKER' END,
    CASE WHEN list_contains(pending_kinds, 'FREIGHT FORWARDER') THEN 'FREIGHT FORWARDER' END) AS revocation_pending,
  phy_street,
  phy_city,
  phy_state,
  phy_zip,
  phone,
  email,
  officer_1,
  officer_2,
  CAST(power_units AS INTEGER) AS power_units,
  CAST(drivers AS INTEGER) AS drivers,
  mcs150_date,
  CAST(mcs150_mileage AS BIGINT) AS mcs150_mileage,
  CAST(mcs150_mileage_year AS INTEGER) AS mcs150_mileage_year,
  add_date,
  safety_rating,
  cargo_carried,
  operation_classification,
  operation_other,
  coalesce(reg_bipd_required, 0) AS bipd_required,
  coalesce(reg_bipd_on_file, 0) AS bipd_on_file,
  coalesce(reg_cargo_filed, false) AS cargo_filed,
  -- Filed without an amount (Y): the largest active cargo policy, else unknown (NULL).
  CASE WHEN reg_source IS NULL THEN 0 ELSE coalesce(reg_cargo_on_file, nullif(pol_max_cargo, 0)) END AS cargo_on_file,
  coalesce(reg_bond_filed, false) AS bond_filed,
  CASE WHEN reg_source IS NULL THEN 0 ELSE coalesce(reg_bond_on_file, nullif(pol_max_bond, 0)) END AS bond_on_file,
  coalesce(pol_max_bipd, 0) AS max_bipd,
  coalesce(pol_max_cargo, 0) AS max_cargo,
  CAST(coalesce(pol_count, 0) AS INTEGER) AS active_policy_count,
  next_expiration,
  CASE WHEN pol_any_motus OR reg_source = 'motus' THEN 'motus' WHEN pol_count > 0 OR reg_source IS NOT NULL THEN 'legacy' END AS insurance_source,
  CAST(n_driver_insp AS INTEGER) AS driver_inspections,
  CAST(n_driver_oos AS INTEGER) AS driver_oos_inspections,
  CAST(n_vehicle_insp AS INTEGER) AS vehicle_inspections,
  CAST(n_vehicle_oos AS INTEGER) AS vehicle_oos_inspections,
  CAST(n_hazmat_insp AS INTEGER) AS hazmat_inspections,
  CAST(n_hazmat_oos AS INTEGER) AS hazmat_oos_inspections,
  -- round(oos × 100 / inspections, 2) in binary floating point, as JS computes it.
  CASE WHEN n_driver_insp > 0 THEN round(CAST(n_driver_oos * 100 AS DOUBLE) / n_driver_insp, 2) END AS driver_oos_rate,
  CASE WHEN n_vehicle_insp > 0 THEN round(CAST(n_vehicle_oos * 100 AS DOUBLE) / n_vehicle_insp, 2) END AS vehicle_oos_rate,
  CASE WHEN n_hazmat_insp > 0 THEN round(CAST(n_hazmat_oos * 100 AS DOUBLE) / n_hazmat_insp, 2) END AS hazmat_oos_rate,
  CAST(coalesce(n_total_crashes, 0) AS INTEGER) AS total_crashes,
  CAST(coalesce(n_fatal_crashes, 0) AS INTEGER) AS fatal_crashes,
  CAST(coalesce(n_injury_crashes, 0) AS INTEGER) AS injury_crashes,
  CAST(coalesce(n_tow_crashes, 0) AS INTEGER) AS tow_crashes,
  -- The five public BASICs when the carrier has an SMS row; [] otherwise.
  CAST(CASE WHEN pass_dot IS NULL THEN [] ELSE [
    {'name': 'Unsafe Driving', 'measure': unsafe_driv_measure, 'percentile': unsafe_driv_pct, 'percentile_reason': unsafe_driv_pct_reason, 'threshold': threshold_a, 'alert': unsafe_driv_alert},
    {'name': 'HOS Compliance', 'measure': hos_driv_measure, 'percentile': hos_driv_pct, 'percentile_reason': hos_driv_pct_reason, 'threshold': threshold_a, 'alert': hos_driv_alert},
    {'name': 'Driver Fitness', 'measure': driv_fit_measure, 'percentile': driv_fit_pct, 'percentile_reason': driv_fit_pct_reason, 'threshold': threshold_b, 'alert': driv_fit_alert},
    {'name': 'Controlled Substances/Alcohol', 'measure': contr_subst_measure, 'percentile': contr_subst_pct, 'percentile_reason': contr_subst_pct_reason, 'threshold': threshold_b, 'alert': contr_subst_alert},
    {'name': 'Vehicle Maintenance', 'measure': veh_maint_measure, 'percentile': veh_maint_pct, 'percentile_reason': veh_maint_pct_reason, 'threshold': threshold_b, 'alert': veh_maint_alert}
  ] END AS STRUCT(name VARCHAR, measure DOUBLE, percentile DOUBLE, percentile_reason VARCHAR, threshold INTEGER, alert BOOLEAN)[]) AS basics,
  geo_lat AS lat,
  geo_lon AS lon,
  coalesce(scheduled_events, CAST([] AS STRUCT(kind VARCHAR, date DATE, "source" VARCHAR, dataset VARCHAR, record JSON)[])) AS scheduled_events
FROM counts;
DROP TABLE registration;
DROP TABLE authorities;
DROP TABLE dockets;
DROP TABLE scheduled;
DROP TABLE snap_primary_docket;
DROP TABLE snap_auth;
DROP TABLE snap_grants;
DROP TABLE snap_pending;
DROP TABLE snap_pol;
DROP TABLE snap_pass;
DROP TABLE snap_hazmat;
DROP TABLE snap_crash;

-- The active policies of the run's carriers (insurance_policies in PostgreSQL).
{{create}} {{policies}} AS
SELECT * EXCLUDE (docket, cancel_source, cancel_dataset) FROM active_policies WHERE dot_number IN (SELECT dot_number FROM {{snapshot}});
DROP TABLE active_policies;

-- What the load compares to find changed carriers: the snapshot row and its policies. The
-- policies' hash is a sum of row hashes: independent of order, sensitive to duplicates, and
-- without building and sorting a list per carrier.
{{create}} {{row_hashes}} AS
WITH ph AS (
  SELECT dot_number,
         sum(hash(policy_type, type_description, insurer_name, policy_number, coverage_amount,
                  effective_date, expiration_date, form_code, source)) AS h
  FROM {{policies}}
  GROUP BY dot_number
)
SELECT s.dot_number, hash(s, coalesce(ph.h, 0)) AS row_hash
FROM {{snapshot}} s
LEFT JOIN ph ON ph.dot_number = s.dot_number;
