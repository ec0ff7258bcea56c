-- Contact tenure (server/contact-tenure.ts): the full profile says how long the phone, e-mail,
-- physical address and officers have held their values, from the history the service keeps
-- (carrier_versions: carrier_history and the implicit first versions, migrations 006, 024).
--
-- The contact columns of every version of DOT $1 that began on or before day $2 (the answer's
-- date), oldest first, as compact arrays [valid_from, phone, email, phy_street, phy_city,
-- phy_state, phy_zip, officer_1, officer_2], with $2 as the reference date; NULL when the history
-- holds no such version. The rule that reads them (what counts as a change, the windows) lives in
-- server/contact-tenure.ts alone. A function so that the profile queries (sql/api/carrier-by-dot,
-- carrier-as-of) read it in the same statement, from the same snapshot as the profile: a load
-- committing in between cannot pair one run's profile with another's tenure.
--
-- A later load never changes what this returns for a given day: versions it opens start after
-- it, closing one sets only valid_to, and writing implicit versions out copies them. Only the
-- retention job (jobs/retention.ts) does, by pruning the oldest versions, which moves the
-- answer's `observed_since`; the profile's ETag carries that date for this reason.
CREATE FUNCTION carrier_contact_versions(dot text, ref date) RETURNS json
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
  SELECT json_build_object(
    'reference_date', $2,
    'versions', json_agg(
      json_build_array(v.valid_from, v.phone, v.email, v.phy_street, v.phy_city, v.phy_state, v.phy_zip, v.officer_1, v.officer_2)
      ORDER BY v.valid_from))
  FROM carrier_versions v
  WHERE v.dot_number = $1 AND v.valid_from <= $2
  HAVING count(*) > 0
$$;
