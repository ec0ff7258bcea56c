-- Meilisearch documents of the carriers in $1 (DOT numbers).
SELECT c.dot_number::integer AS id,
       c.legal_name, c.dba_name,
       c.carrier_status AS status, c.phy_state AS state, upper(c.phy_city) AS city, c.entity_type, c.carrier_operation,
       ARRAY(SELECT lower(x) FROM unnest(c.cargo_carried) AS x) AS cargo,
       ARRAY(SELECT upper(o) FROM unnest(ARRAY[c.officer_1, c.officer_2]) AS o WHERE o <> '') AS officers,
       c.phone, lower(c.email) AS email, c.mc_number, c.power_units,
       CASE WHEN c.authority_status = 'ACTIVE' THEN c.common_authority_date - date '1970-01-01' END AS auth_since,
       c.lat, c.lon
FROM carriers c
WHERE c.dot_number = ANY ($1::text[])
