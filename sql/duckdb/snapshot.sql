-- The carrier snapshot of a run: one row per census DOT with exactly the CarrierSnapshot columns
-- (lib/snapshot.ts documents each derivation), plus the run's active policies, row hashes and
-- pending policy events. Tables, not views: later stages read them several times. Vars: schema
-- (the inputs: r<run>, or r<run>_delta for the carriers of the input delta), snapshot, policies,
-- row_hashes, policy_events (the tables to create: the run file's, or temp tables that
-- snapshot_carry.sql patches the previous run's copy with), create (CREATE OR REPLACE [TEMP]
-- TABLE), batch_date (DATE literal), centroids (path literal).

-- The policies of the file, read once for the two tables below.
CREATE OR REPLACE TEMP TABLE insurance AS
SELECT
  dot_number,
  policy_type,
  type_description,
  insurer_name,
  policy_number,
  max_coverage AS coverage_amount,
  effective_date,
  cancel_effective_date AS expiration_date,
  form_code
FROM {{schema}}.li_insurance
WHERE dot_number IS NOT NULL;

-- Policies in force on the batch date: effective (or undated) and not cancelled by then. A temp
-- table: the snapshot aggregates it, then the policies of census carriers are kept (below).
CREATE OR REPLACE TEMP TABLE active_policies AS
SELECT *
FROM insurance
WHERE (effective_date IS NULL OR effective_date <= {{batch_date}})
  AND (expiration_date IS NULL OR expiration_date > {{batch_date}});

-- The dates after the batch date on which a carrier's policies start or end: its snapshot row
-- changes then with no line of the input changing (the next runs' input delta takes it in).
{{create}} {{policy_events}} AS
SELECT DISTINCT dot_number, on_date
FROM (SELECT dot_number, unnest([effective_date, expiration_date]) AS on_date FROM insurance)
WHERE on_date > {{batch_date}};
DROP TABLE insurance;

{{create}} {{snapshot}} AS
WITH
-- One L&I row per DOT: its MC docket when it has one (lowest number), else its lowest docket.
li AS (
  SELECT *
  FROM {{schema}}.li_carrier
  WHERE dot_number IS NOT NULL
  QUALIFY row_number() OVER (
    PARTITION BY dot_number
    ORDER BY docket_prefix = 'MC' DESC, TRY_CAST(docket_number AS BIGINT) NULLS LAST, docket_prefix,
             authority_status, broker_authority_status, bipd_on_file DESC
  ) = 1
),
-- Newest GRANTED or REINSTATED served date per authority kind, from the original or the final
-- action of each AuthHist row (one pass over the file).
auth_parts AS (
  SELECT
    dot_number,
    max(CASE WHEN original_action IN ('GRANTED', 'REINSTATED') THEN original_served_date END)
      FILTER (WHERE authority_type LIKE '%COMMON%') AS common_orig,
    max(CASE WHEN final_action IN ('GRANTED', 'REINSTATED') THEN final_served_date END)
      FILTER (WHERE authority_type LIKE '%COMMON%') AS common_final,
    max(CASE WHEN original_action IN ('GRANTED', 'REINSTATED') THEN original_served_date END)
      FILTER (WHERE authority_type LIKE '%CONTRACT%') AS contract_orig,
    max(CASE WHEN final_action IN ('GRANTED', 'REINSTATED') THEN final_served_date END)
      FILTER (WHERE authority_type LIKE '%CONTRACT%') AS contract_final
  FROM {{schema}}.li_authhist
  WHERE dot_number IS NOT NULL
  GROUP BY dot_number
),
auth AS (
  SELECT
    dot_number,
    CASE WHEN common_final IS NULL OR common_orig >= common_final THEN common_orig ELSE common_final END AS common_authority_date,
    CASE WHEN contract_final IS NULL OR contract_orig >= contract_final THEN contract_orig ELSE contract_final END AS contract_authority_date
  FROM auth_parts
),
pol AS (
  SELECT
    dot_number,
    max(coverage_amount) FILTER (WHERE starts_with(upper(type_description), 'BIPD')) AS max_bipd,
    max(coverage_amount) FILTER (WHERE starts_with(upper(type_description), 'CARGO')) AS max_cargo,
    count(*) AS active_policy_count,
    min(expiration_date) FILTER (WHERE expiration_date > {{batch_date}}) AS next_expiration
  FROM active_policies
  GROUP BY dot_number
),
pass AS (
  SELECT *
  FROM {{schema}}.sms_pass
  WHERE dot_number IS NOT NULL
  -- One row per DOT in the file; should a DOT repeat, the one with the most inspections.
  QUALIFY row_number() OVER (PARTITION BY dot_number ORDER BY insp_total DESC, driver_inspections DESC, vehicle_inspections DESC) = 1
),
hazmat AS (
  SELECT
    dot_number,
    count(*) FILTER (WHERE total_hazmat_sent > 0) AS hazmat_inspections,
    count(*) FILTER (WHERE total_hazmat_sent > 0 AND hazmat_oos_total > 0) AS hazmat_oos_inspections
  FROM {{schema}}.sms_inspection
  WHERE dot_number IS NOT NULL
  GROUP BY dot_number
),
crash AS (
  SELECT
    dot_number,
    count(*) AS total_crashes,
    count(*) FILTER (WHERE fatalities > 0) AS fatal_crashes,
    count(*) FILTER (WHERE injuries > 0) AS injury_crashes,
    count(*) FILTER (WHERE tow_away) AS tow_crashes
  FROM {{schema}}.sms_crash
  WHERE dot_number IS NOT NULL
  GROUP BY dot_number
),
geo AS (
  SELECT upper(trim(state)) AS state, CAST(lat AS DOUBLE) AS lat, CAST(lon AS DOUBLE) AS lon
  FROM read_csv({{centroids}}, header = true, auto_detect = false, delim = ',', quote = '"',
                columns = {'state': 'VARCHAR', 'lat': 'VARCHAR', 'lon': 'VARCHAR'})
),
counts AS (
  SELECT
    c.* EXCLUDE (_row, _error),
    li.docket_prefix AS li_docket_prefix,
    li.docket_number AS li_docket_number,
    li.authority_status AS li_authority_status,
    li.contract_authority_status AS li_contract_authority_status,
    li.broker_authority_status AS li_broker_authority_status,
    li.common_rev_pend, li.contract_rev_pend, li.broker_rev_pend,
    li.bipd_required AS li_bipd_required, li.bipd_on_file AS li_bipd_on_file,
    li.cargo_on_file AS li_cargo_on_file, li.bond_on_file AS li_bond_on_file,
    auth.common_authority_date, auth.contract_authority_date,
    pol.max_bipd AS pol_max_bipd, pol.max_cargo AS pol_max_cargo,
    pol.active_policy_count AS pol_count, pol.next_expiration,
    pass.dot_number AS pass_dot,
    coalesce(pass.driver_inspections, 0) AS n_driver_insp,
    coalesce(pass.driver_oos_inspections, 0) AS n_driver_oos,
    coalesce(pass.vehicle_inspections, 0) AS n_vehicle_insp,
    coalesce(pass.vehicle_oos_inspections, 0) AS n_vehicle_oos,
    coalesce(hazmat.hazmat_inspections, 0) AS n_hazmat_insp,
    coalesce(hazmat.hazmat_oos_inspections, 0) AS n_hazmat_oos,
    pass.unsafe_driv_measure, pass.unsafe_driv_pct, pass.unsafe_driv_alert,
    pass.hos_driv_measure, pass.hos_driv_pct, pass.hos_driv_alert,
    pass.driv_fit_measure, pass.driv_fit_pct, pass.driv_fit_alert,
    pass.contr_subst_measure, pass.contr_subst_pct, pass.contr_subst_alert,
    pass.veh_maint_measure, pass.veh_maint_pct, pass.veh_maint_alert,
    crash.total_crashes AS n_total_crashes, crash.fatal_crashes AS n_fatal_crashes,
    crash.injury_crashes AS n_injury_crashes, crash.tow_crashes AS n_tow_crashes,
    geo.lat AS geo_lat, geo.lon AS geo_lon,
    -- SMS intervention thresholds by peer group: passenger, hazmat, all others.
    CASE WHEN c.is_passenger THEN 50 WHEN c.is_hazmat THEN 60 ELSE 65 END AS threshold_a,
    CASE WHEN c.is_passenger THEN 65 WHEN c.is_hazmat THEN 75 ELSE 80 END AS threshold_b
  FROM {{schema}}.census c
  LEFT JOIN li ON li.dot_number = c.dot_number
  LEFT JOIN auth ON auth.dot_number = c.dot_number
  LEFT JOIN pol ON pol.dot_number = c.dot_number
  LEFT JOIN pass ON pass.dot_number = c.dot_number
  LEFT JOIN hazmat ON hazmat.dot_number = c.dot_number
  LEFT JOIN crash ON crash.dot_number = c.dot_number
  LEFT JOIN geo ON geo.state = c.phy_state
)
SELECT
  dot_number,
  coalesce(mc_number, CASE WHEN li_docket_prefix = 'MC' THEN li_docket_number END) AS mc_number,
  legal_name,
  dba_name,
  entity_type,
  carrier_status,
  coalesce(li_authority_status, 'NONE') AS authority_status,
  coalesce(li_contract_authority_status, 'NONE') AS contract_authority_status,
  coalesce(li_broker_authority_status, 'NONE') AS broker_authority_status,
  common_authority_date,
  contract_authority_date,
  concat_ws(';',
    CASE WHEN common_rev_pend THEN 'COMMON' END,
    CASE WHEN contract_rev_pend THEN 'CONTRACT' END,
    CASE WHEN broker_rev_pend THEN 'BROKER' END) AS revocation_pending,
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
  coalesce(li_bipd_required, 0) AS bipd_required,
  coalesce(li_bipd_on_file, 0) AS bipd_on_file,
  coalesce(li_cargo_on_file, 0) AS cargo_on_file,
  coalesce(li_bond_on_file, 0) AS bond_on_file,
  coalesce(pol_max_bipd, 0) AS max_bipd,
  coalesce(pol_max_cargo, 0) AS max_cargo,
  CAST(coalesce(pol_count, 0) AS INTEGER) AS active_policy_count,
  next_expiration,
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
    {'name': 'Unsafe Driving', 'measure': unsafe_driv_measure, 'percentile': unsafe_driv_pct, 'threshold': threshold_a, 'alert': unsafe_driv_alert},
    {'name': 'HOS Compliance', 'measure': hos_driv_measure, 'percentile': hos_driv_pct, 'threshold': threshold_a, 'alert': hos_driv_alert},
    {'name': 'Driver Fitness', 'measure': driv_fit_measure, 'percentile': driv_fit_pct, 'threshold': threshold_b, 'alert': driv_fit_alert},
    {'name': 'Controlled Substances/Alcohol', 'measure': contr_subst_measure, 'percentile': contr_subst_pct, 'threshold': threshold_b, 'alert': contr_subst_alert},
    {'name': 'Vehicle Maintenance', 'measure': veh_maint_measure, 'percentile': veh_maint_pct, 'threshold': threshold_b, 'alert': veh_maint_alert}
  ] END AS STRUCT(name VARCHAR, measure DOUBLE, percentile DOUBLE, threshold INTEGER, alert BOOLEAN)[]) AS basics,
  geo_lat AS lat,
  geo_lon AS lon
FROM counts;

-- The active policies of the run's carriers (insurance_policies in PostgreSQL).
{{create}} {{policies}} AS
SELECT * FROM active_policies WHERE dot_number IN (SELECT dot_number FROM {{snapshot}});
DROP TABLE active_policies;

-- What the load compares to find changed carriers: the snapshot row and its policies. The
-- policies' hash is a sum of row hashes: independent of order, sensitive to duplicates, and
-- without building and sorting a list per carrier.
{{create}} {{row_hashes}} AS
WITH ph AS (
  SELECT dot_number,
         sum(hash(policy_type, type_description, insurer_name, policy_number, coverage_amount,
                  effective_date, expiration_date, form_code)) AS h
  FROM {{policies}}
  GROUP BY dot_number
)
SELECT s.dot_number, hash(s, coalesce(ph.h, 0)) AS row_hash
FROM {{snapshot}} s
LEFT JOIN ph ON ph.dot_number = s.dot_number;
