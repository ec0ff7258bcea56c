-- related, step 5: successor registrations (docs/successor-registrations.md). A carrier new in
-- this run (its new_carrier change) that shares at least two kinds of identifier (phone, e-mail,
-- physical address, officer, as related_pairs matches them: a shared service links nobody here
-- either) with a carrier revoked, suspended or put out of service (standing) within the last
-- max_days days names that carrier as a predecessor. Not a predecessor: a carrier new in this run
-- too (two registrations of one day are siblings, not a succession), nor one in standing only
-- for a census status of PENDING (a registration not complete: nothing was revoked). The load
-- adds successor_of to the new_carrier row (export_changes.sql). Vars: schema, batch_date (DATE
-- literal), max_days (CHAMELEON.maxDays: the chameleon links' three years).
CREATE OR REPLACE TABLE {{schema}}.successors AS
WITH new_carriers AS (
  SELECT dot_number FROM {{schema}}.changes WHERE category = 'new_carrier'
),
links AS (
  SELECT p.dot_number, p.other_dot, p.shared, o.legal_name, o.carrier_status, st.revoked_on
  FROM {{schema}}.related_pairs p
  SEMI JOIN new_carriers n ON n.dot_number = p.dot_number
  JOIN {{schema}}.standing st ON st.dot_number = p.other_dot
  JOIN {{schema}}.snapshot o ON o.dot_number = p.other_dot
  WHERE len(p.shared) >= 2
    AND st.revoked_on >= {{batch_date}} - INTERVAL {{max_days}} DAY
    AND p.other_dot NOT IN (SELECT dot_number FROM new_carriers)
    AND (o.carrier_status = 'INACTIVE'
         OR ('ACTIVE' NOT IN (o.authority_status, o.contract_authority_status, o.broker_authority_status)
             AND 'INACTIVE' IN (o.authority_status, o.contract_authority_status, o.broker_authority_status)))
)
-- Predecessors sharing more first, then the most recently revoked, then by DOT.
SELECT dot_number,
       to_json(list({'dot_number': other_dot, 'legal_name': legal_name, 'carrier_status': carrier_status, 'shared': shared,
                     'revoked_on': strftime(revoked_on, '%Y-%m-%d')}
                    ORDER BY len(shared) DESC, revoked_on DESC, CAST(other_dot AS BIGINT)))::VARCHAR AS successor_of
FROM links
GROUP BY dot_number;
