-- Account $1's watchlist with each carrier's current registry values ('' once it left the
-- registry), most recently added first.
SELECT w.dot_number,
       coalesce(c.legal_name, '') AS carrier_name,
       coalesce(c.carrier_status, '') AS status,
       coalesce(c.entity_type, '') AS entity_type,
       coalesce(c.phy_city, '') AS city,
       coalesce(c.phy_state, '') AS state,
       w.created_at
FROM watchlist_entries w
LEFT JOIN carriers c ON c.dot_number = w.dot_number
WHERE w.account_id = $1
ORDER BY w.created_at DESC, w.dot_number::bigint
