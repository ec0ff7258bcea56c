-- The daily upcoming check (jobs/upcoming-check.ts): carriers watched by active accounts, a page
-- at a time (keyset on dot_number, text order), with the columns lib/foresight/events.ts reads,
-- their name and the accounts watching them. $1 the last DOT of the previous page ('' first),
-- $2 page size
SELECT c.dot_number, c.legal_name, c.carrier_status, c.revocation_pending, c.authorities, c.scheduled_events, c.mcs150_date,
       array_agg(w.account_id ORDER BY w.account_id) AS accounts
FROM watchlist_entries w
JOIN accounts a ON a.id = w.account_id AND a.is_active
JOIN carriers c ON c.dot_number = w.dot_number
WHERE w.dot_number > $1
GROUP BY c.dot_number
ORDER BY c.dot_number
LIMIT $2
