-- related, step 4: per carrier, related_companies and the chameleon links of the risk model. Vars:
-- schema, batch_date (DATE literal), max_related (entries of related_companies), max_days (horizon
-- of the chameleon links, CHAMELEON.maxDays).

-- Per carrier with at least one related company: related_companies (RelatedCompany[] JSON, revoked
-- or inactive first, then more shared identifiers, then DOT) and chameleon_links ({links: [...]}
-- JSON of every revoked or inactive related carrier within max_days; NULL when none).
CREATE OR REPLACE TABLE {{schema}}.related AS
WITH p AS (
  SELECT
    p.dot_number, p.other_dot, p.shared, o.legal_name, o.carrier_status,
    st.dot_number IS NOT NULL AS revoked_or_inactive,
    st.revoked_on,
    st.revoked_on >= {{batch_date}} - INTERVAL {{max_days}} DAY AS chameleon
  FROM {{schema}}.related_pairs p
  JOIN {{schema}}.snapshot o ON o.dot_number = p.other_dot
  LEFT JOIN {{schema}}.standing st ON st.dot_number = p.other_dot
)
SELECT
  dot_number,
  to_json(list({
    'dot_number': other_dot, 'legal_name': legal_name, 'status': carrier_status,
    'shared': shared, 'revoked_or_inactive': revoked_or_inactive
  } ORDER BY revoked_or_inactive DESC, len(shared) DESC, CAST(other_dot AS BIGINT))[1:{{max_related}}])::VARCHAR AS related_companies,
  CASE WHEN bool_or(coalesce(chameleon, false)) THEN to_json({'links': list({
    'dot_number': other_dot, 'legal_name': legal_name, 'shared': shared, 'revoked_on': strftime(revoked_on, '%Y-%m-%d')
  } ORDER BY CAST(other_dot AS BIGINT)) FILTER (WHERE chameleon)})::VARCHAR END AS chameleon_links
FROM p
GROUP BY dot_number;
