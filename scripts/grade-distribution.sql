-- The grade distribution of docs/risk-model.md ("What the grades look like on the registry"):
-- the served default-policy scores (carriers.risk_score) of the last loaded run, by group.
--   psql "$DATABASE_URL" -f scripts/grade-distribution.sql
-- Read-only: one temporary view, then the table and the facts the doc's bullets quote.

CREATE TEMP VIEW graded AS
SELECT c.carrier_status,
       c.max_bipd,
       c.risk_score ->> 'grade' AS grade,
       (c.risk_score ->> 'score')::int AS score,
       c.risk_score ->> 'confidence' AS confidence,
       greatest(c.driver_inspections, c.vehicle_inspections) AS inspections,
       ARRAY(SELECT f ->> 'code' FROM json_array_elements(c.risk_score -> 'flags') f) AS flags,
       (SELECT f ->> 'severity' FROM json_array_elements(c.risk_score -> 'flags') f
         WHERE f ->> 'code' = 'CHAMELEON_SIGNAL') AS chameleon,
       -- Σ component × weight: the overall score before caps is (wsum + 50) / 100, rounded down.
       (SELECT sum((x ->> 'score')::int * (x ->> 'weight')::int)
          FROM json_array_elements(c.risk_score -> 'components') x) AS wsum,
       -- The groups, exclusive, in this order (authority kinds as the snapshot holds them).
       CASE
         WHEN c.carrier_status = 'INACTIVE' THEN '7 USDOT status inactive'
         WHEN c.carrier_status <> 'ACTIVE' THEN '8 USDOT status pending'
         WHEN 'ACTIVE' IN (c.authority_status, c.contract_authority_status) THEN '1 active, common or contract ACTIVE (for-hire)'
         WHEN c.broker_authority_status = 'ACTIVE' THEN '4 active, broker authority only'
         WHEN 'PENDING' IN (c.authority_status, c.contract_authority_status, c.broker_authority_status)
           THEN '5 active, authority applied for (PENDING), none active'
         WHEN 'INACTIVE' IN (c.authority_status, c.contract_authority_status, c.broker_authority_status)
           THEN '6 active, authority revoked or lapsed'
         ELSE '3 active, no authority'
       END AS grp
FROM carriers c;

-- The table: carriers, share of the registry, grade shares (%).
WITH rows AS (
  SELECT grp, grade FROM graded
  UNION ALL SELECT '0 all DOT numbers', grade FROM graded
  UNION ALL SELECT '2 ... of which BIPD >= $750,000 on file', grade FROM graded
   WHERE grp LIKE '1 %' AND max_bipd >= 750000
)
SELECT grp AS carriers, count(*) AS n,
       round(100.0 * count(*) / (SELECT count(*) FROM graded), 2) AS share,
       round(100.0 * count(*) FILTER (WHERE grade = 'A') / count(*), 2) AS a,
       round(100.0 * count(*) FILTER (WHERE grade = 'B') / count(*), 2) AS b,
       round(100.0 * count(*) FILTER (WHERE grade = 'C') / count(*), 2) AS c,
       round(100.0 * count(*) FILTER (WHERE grade = 'D') / count(*), 2) AS d,
       round(100.0 * count(*) FILTER (WHERE grade = 'F') / count(*), 2) AS f
FROM rows GROUP BY grp ORDER BY grp;

-- The F's: NO_BIPD, NO_BIPD as the only reason (no other cap of 35, weighted score >= 40), the rest.
SELECT count(*) AS f,
       count(*) FILTER (WHERE 'NO_BIPD' = ANY (flags)) AS no_bipd,
       count(*) FILTER (WHERE 'NO_BIPD' = ANY (flags)
                          AND NOT flags && ARRAY['CARRIER_INACTIVE', 'AUTHORITY_INACTIVE', 'UNSATISFACTORY_RATING']
                          AND (wsum + 50) / 100 >= 40) AS no_bipd_only,
       count(*) FILTER (WHERE 'CARRIER_INACTIVE' = ANY (flags)) AS carrier_inactive,
       count(*) FILTER (WHERE 'AUTHORITY_INACTIVE' = ANY (flags) AND NOT 'CARRIER_INACTIVE' = ANY (flags)) AS active_revoked,
       count(*) FILTER (WHERE flags && ARRAY['CARRIER_INACTIVE', 'AUTHORITY_INACTIVE'] AND 'NO_BIPD' = ANY (flags)) AS inactive_or_revoked_no_bipd,
       count(*) FILTER (WHERE 'UNSATISFACTORY_RATING' = ANY (flags)
                          AND NOT flags && ARRAY['CARRIER_INACTIVE', 'AUTHORITY_INACTIVE']) AS active_unsatisfactory
FROM graded WHERE grade = 'F';

-- For-hire carriers: the F's, and the insured ones (BIPD >= $750,000) by grade with what caps them.
SELECT count(*) FILTER (WHERE grade = 'F') AS f,
       count(*) FILTER (WHERE grade = 'F' AND max_bipd <= 0) AS f_no_bipd,
       count(*) FILTER (WHERE max_bipd <= 0) AS no_bipd,
       count(*) FILTER (WHERE grade = 'F' AND 'UNSATISFACTORY_RATING' = ANY (flags)) AS f_unsatisfactory,
       count(*) FILTER (WHERE grade = 'F' AND 'UNSATISFACTORY_RATING' = ANY (flags) AND max_bipd <= 0) AS f_both
FROM graded WHERE grp LIKE '1 %';

SELECT grade, count(*) AS n,
       count(*) FILTER (WHERE 'UNSATISFACTORY_RATING' = ANY (flags)) AS unsatisfactory,
       count(*) FILTER (WHERE chameleon = 'critical') AS chameleon_cap_50,
       count(*) FILTER (WHERE chameleon = 'warning') AS chameleon_cap_65,
       count(*) FILTER (WHERE 'REVOCATION_PENDING' = ANY (flags)) AS revocation_pending,
       count(*) FILTER (WHERE 'NO_CARGO_INSURANCE' = ANY (flags)) AS no_cargo,
       -- an A without NO_CARGO_INSURANCE: Insurance +15 and no chameleon cap (75 is the only cap above 69)
       count(*) FILTER (WHERE 'NO_CARGO_INSURANCE' = ANY (flags) AND chameleon IS NULL
                          AND (wsum + 15 * 25 + 50) / 100 >= 85) AS a_without_no_cargo,
       count(*) FILTER (WHERE inspections < 5) AS under_5_inspections,
       count(*) FILTER (WHERE confidence = 'LOW') AS low_confidence
FROM graded WHERE grp LIKE '1 %' AND max_bipd >= 750000
GROUP BY ROLLUP (grade) ORDER BY grade;

-- Insured for-hire A's by score.
SELECT score, count(*) AS n FROM graded
WHERE grp LIKE '1 %' AND max_bipd >= 750000 AND grade = 'A'
GROUP BY score ORDER BY n DESC LIMIT 6;
