-- related, step 3: revoked or inactive carriers and when they lost their standing. Vars: schema,
-- prev_standing (the previous run's standing table, or an empty relation), batch_date (DATE literal).

-- Carriers that lost their standing: USDOT status inactive, or no authority active while one was
-- held and ended (revoked or lapsed). revoked_on is the best date known for when that happened:
-- the first batch date this carrier was seen so (carried over from run to run), or an earlier
-- executed revocation (legacy or Motus revocation orders and authority histories) when one
-- postdates its last grant.
CREATE OR REPLACE TABLE {{schema}}.standing AS
WITH lost AS (
  SELECT dot_number, greatest(common_authority_date, contract_authority_date) AS last_grant
  FROM {{schema}}.snapshot
  WHERE carrier_status <> 'ACTIVE'
     OR ('ACTIVE' NOT IN (authority_status, contract_authority_status, broker_authority_status)
         AND 'INACTIVE' IN (authority_status, contract_authority_status, broker_authority_status))
),
revoked AS (
  SELECT dot_number, effective_date AS revoked
  FROM {{schema}}.li_revocation
  WHERE dot_number IS NOT NULL AND effective_date <= {{batch_date}}
  UNION ALL
  SELECT dot_number, effective_date
  FROM {{schema}}.motus_revocation
  WHERE dot_number IS NOT NULL AND effective_date <= {{batch_date}}
  UNION ALL
  SELECT dot_number, revoked_on
  FROM {{schema}}.li_authhist
  WHERE dot_number IS NOT NULL AND revoked_on <= {{batch_date}}
  UNION ALL
  SELECT dot_number, revoked_on
  FROM {{schema}}.motus_authhist
  WHERE dot_number IS NOT NULL AND revoked_on <= {{batch_date}}
),
last_revoked AS (
  SELECT l.dot_number, max(r.revoked) AS revoked
  FROM lost l
  JOIN revoked r ON r.dot_number = l.dot_number
  WHERE l.last_grant IS NULL OR r.revoked > l.last_grant
  GROUP BY l.dot_number
),
since AS (
  SELECT l.dot_number, coalesce(p.inactive_since, {{batch_date}}) AS inactive_since
  FROM lost l
  LEFT JOIN {{prev_standing}} p ON p.dot_number = l.dot_number
)
SELECT s.dot_number, s.inactive_since, r.revoked AS revocation_date, least(s.inactive_since, r.revoked) AS revoked_on
FROM since s
LEFT JOIN last_revoked r ON r.dot_number = s.dot_number;
