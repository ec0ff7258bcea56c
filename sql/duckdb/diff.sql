-- The change feed between the previous served run ({{prev}}) and this run ({{schema}}).
-- Rules (spec "Change feed", lib/domain.ts): a DOT only in the new snapshot is new_carrier, only
-- in the old one removed_carrier (and nothing else); carriers in both get one row per category
-- whose tracked fields moved. old_values / new_values carry exactly CATEGORY_FIELDS.
-- Thresholds come from lib/domain.ts: oos_hundredths (> 500), oos_min_insp (>= 10),
-- fleet_units (> 10), fleet_percent (> 20%).
CREATE OR REPLACE TEMP MACRO rate_moved(o, n, insp) AS
  o IS NOT NULL AND n IS NOT NULL AND insp >= {{oos_min_insp}}
  AND abs(round(n * 100) - round(o * 100)) > {{oos_hundredths}};
-- Old = 0 and new > 0 is an unbounded relative move and counts.
CREATE OR REPLACE TEMP MACRO fleet_moved(o, n) AS
  abs(n - o) > {{fleet_units}} OR (o = 0 AND n <> 0) OR abs(n - o) * 100 > {{fleet_percent}} * o;

-- Only carriers whose snapshot row may have moved are compared: those whose row hash (snapshot
-- row and policies, snapshot.sql) differs or exists on one side only. Equal hashes mean an equal
-- row, as for the load, which writes only the carriers whose hash moved. A full join would read
-- ~30 columns of both snapshots for every carrier; this reads them for the few that changed.
-- When this run's snapshot carried prev's rows over, only its moved carriers' hashes are compared
-- (only: a WHERE clause on dot_number, else '').
CREATE OR REPLACE TEMP TABLE diff_moved AS
SELECT coalesce(n.dot_number, o.dot_number) AS dot_number
FROM (SELECT * FROM {{schema}}.row_hashes {{only}}) n
FULL JOIN (SELECT * FROM {{prev}}.row_hashes {{only}}) o ON o.dot_number = n.dot_number
WHERE n.row_hash IS DISTINCT FROM o.row_hash;

INSERT INTO {{schema}}.changes
WITH j AS (
  SELECT
    coalesce(n.dot_number, o.dot_number) AS dot_number,
    o.dot_number IS NOT NULL AS in_old,
    n.dot_number IS NOT NULL AS in_new,
    coalesce(n.legal_name, o.legal_name) AS carrier_name,
    coalesce(n.phy_state, o.phy_state) AS state_now,
    o.legal_name AS o_legal_name, n.legal_name AS n_legal_name,
    o.dba_name AS o_dba_name, n.dba_name AS n_dba_name,
    o.officer_1 AS o_officer_1, n.officer_1 AS n_officer_1,
    o.officer_2 AS o_officer_2, n.officer_2 AS n_officer_2,
    o.carrier_status AS o_carrier_status, n.carrier_status AS n_carrier_status,
    o.authority_status AS o_authority_status, n.authority_status AS n_authority_status,
    o.broker_authority_status AS o_broker_authority_status, n.broker_authority_status AS n_broker_authority_status,
    o.revocation_pending AS o_revocation_pending, n.revocation_pending AS n_revocation_pending,
    o.max_bipd AS o_max_bipd, n.max_bipd AS n_max_bipd,
    o.max_cargo AS o_max_cargo, n.max_cargo AS n_max_cargo,
    o.total_crashes AS o_total_crashes, n.total_crashes AS n_total_crashes,
    o.fatal_crashes AS o_fatal_crashes, n.fatal_crashes AS n_fatal_crashes,
    o.driver_oos_rate AS o_driver_oos_rate, n.driver_oos_rate AS n_driver_oos_rate,
    o.vehicle_oos_rate AS o_vehicle_oos_rate, n.vehicle_oos_rate AS n_vehicle_oos_rate,
    o.driver_inspections AS o_driver_inspections, n.driver_inspections AS n_driver_inspections,
    o.vehicle_inspections AS o_vehicle_inspections, n.vehicle_inspections AS n_vehicle_inspections,
    o.power_units AS o_power_units, n.power_units AS n_power_units,
    o.drivers AS o_drivers, n.drivers AS n_drivers,
    o.phy_street AS o_phy_street, n.phy_street AS n_phy_street,
    o.phy_city AS o_phy_city, n.phy_city AS n_phy_city,
    o.phy_state AS o_phy_state, n.phy_state AS n_phy_state,
    o.phy_zip AS o_phy_zip, n.phy_zip AS n_phy_zip,
    o.phone AS o_phone, n.phone AS n_phone,
    o.email AS o_email, n.email AS n_email
  FROM (SELECT s.* FROM {{prev}}.snapshot s SEMI JOIN diff_moved d ON d.dot_number = s.dot_number) o
  FULL JOIN (SELECT s.* FROM {{schema}}.snapshot s SEMI JOIN diff_moved d ON d.dot_number = s.dot_number) n
    ON n.dot_number = o.dot_number
),
both_sides AS (SELECT * FROM j WHERE in_old AND in_new),
rows AS (
  SELECT dot_number, carrier_name, state_now, 'new_carrier' AS category, 0 AS category_ord,
    '{}' AS old_values,
    json_object('legal_name', n_legal_name, 'carrier_status', n_carrier_status, 'phy_state', n_phy_state)::VARCHAR AS new_values
  FROM j WHERE NOT in_old
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'removed_carrier', 1,
    json_object('legal_name', o_legal_name, 'carrier_status', o_carrier_status, 'phy_state', o_phy_state)::VARCHAR,
    '{}'
  FROM j WHERE NOT in_new
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'authority_change', 2,
    json_object('carrier_status', o_carrier_status, 'authority_status', o_authority_status,
                'broker_authority_status', o_broker_authority_status)::VARCHAR,
    json_object('carrier_status', n_carrier_status, 'authority_status', n_authority_status,
                'broker_authority_status', n_broker_authority_status)::VARCHAR
  FROM both_sides
  WHERE o_carrier_status <> n_carrier_status
     OR o_authority_status <> n_authority_status
     OR o_broker_authority_status <> n_broker_authority_status
  UNION ALL
  -- Only empty → non-empty: a pending revocation appearing (not changing or clearing).
  SELECT dot_number, carrier_name, state_now, 'revocation_pending', 3,
    json_object('revocation_pending', o_revocation_pending)::VARCHAR,
    json_object('revocation_pending', n_revocation_pending)::VARCHAR
  FROM both_sides
  WHERE o_revocation_pending = '' AND n_revocation_pending <> ''
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'insurance_change', 4,
    json_object('max_bipd', o_max_bipd, 'max_cargo', o_max_cargo)::VARCHAR,
    json_object('max_bipd', n_max_bipd, 'max_cargo', n_max_cargo)::VARCHAR
  FROM both_sides
  WHERE o_max_bipd <> n_max_bipd OR o_max_cargo <> n_max_cargo
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'safety_change', 5,
    json_object('total_crashes', o_total_crashes, 'fatal_crashes', o_fatal_crashes,
                'driver_oos_rate', o_driver_oos_rate, 'vehicle_oos_rate', o_vehicle_oos_rate,
                'driver_inspections', o_driver_inspections, 'vehicle_inspections', o_vehicle_inspections)::VARCHAR,
    json_object('total_crashes', n_total_crashes, 'fatal_crashes', n_fatal_crashes,
                'driver_oos_rate', n_driver_oos_rate, 'vehicle_oos_rate', n_vehicle_oos_rate,
                'driver_inspections', n_driver_inspections, 'vehicle_inspections', n_vehicle_inspections)::VARCHAR
  FROM both_sides
  WHERE o_total_crashes <> n_total_crashes
     OR o_fatal_crashes <> n_fatal_crashes
     OR rate_moved(o_driver_oos_rate, n_driver_oos_rate, n_driver_inspections)
     OR rate_moved(o_vehicle_oos_rate, n_vehicle_oos_rate, n_vehicle_inspections)
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'fleet_change', 6,
    json_object('power_units', o_power_units, 'drivers', o_drivers)::VARCHAR,
    json_object('power_units', n_power_units, 'drivers', n_drivers)::VARCHAR
  FROM both_sides
  WHERE fleet_moved(o_power_units, n_power_units) OR fleet_moved(o_drivers, n_drivers)
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'identity_change', 7,
    json_object('legal_name', o_legal_name, 'dba_name', o_dba_name, 'officer_1', o_officer_1, 'officer_2', o_officer_2)::VARCHAR,
    json_object('legal_name', n_legal_name, 'dba_name', n_dba_name, 'officer_1', n_officer_1, 'officer_2', n_officer_2)::VARCHAR
  FROM both_sides
  WHERE o_legal_name <> n_legal_name OR o_dba_name <> n_dba_name
     OR o_officer_1 <> n_officer_1 OR o_officer_2 <> n_officer_2
  UNION ALL
  SELECT dot_number, carrier_name, state_now, 'contact_change', 8,
    json_object('phy_street', o_phy_street, 'phy_city', o_phy_city, 'phy_state', o_phy_state,
                'phy_zip', o_phy_zip, 'phone', o_phone, 'email', o_email)::VARCHAR,
    json_object('phy_street', n_phy_street, 'phy_city', n_phy_city, 'phy_state', n_phy_state,
                'phy_zip', n_phy_zip, 'phone', n_phone, 'email', n_email)::VARCHAR
  FROM both_sides
  WHERE o_phy_street <> n_phy_street OR o_phy_city <> n_phy_city OR o_phy_state <> n_phy_state
     OR o_phy_zip <> n_phy_zip OR o_phone <> n_phone OR o_email <> n_email
)
SELECT dot_number, carrier_name, category, category_ord, old_values, new_values, state_now
FROM rows
ORDER BY category_ord, CAST(dot_number AS BIGINT);

DROP TABLE diff_moved;
