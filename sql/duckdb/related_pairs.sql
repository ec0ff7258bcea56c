-- related, step 2: carrier pairs sharing an identifier that is not a shared service. Vars: schema,
-- max_shared (an identifier held by more carriers is a dispatch line, an agent's address, a filing
-- service's mailbox: it says nothing about common control and links nobody).

-- Carrier pairs (both directions) and what they share, in the order phone, email, address, officer.
CREATE OR REPLACE TABLE {{schema}}.related_pairs AS
WITH linking AS (
  SELECT i.dot_number, i.kind, i.value, i.h
  FROM {{schema}}.related_idents i
  SEMI JOIN {{schema}}.related_groups g ON g.h = i.h AND g.members <= {{max_shared}}
),
kinds AS (
  SELECT a.dot_number, b.dot_number AS other_dot, list(DISTINCT a.kind) AS kinds
  FROM linking a
  JOIN linking b ON b.h = a.h AND b.kind = a.kind AND b.value = a.value AND b.dot_number <> a.dot_number
  GROUP BY a.dot_number, b.dot_number
)
SELECT dot_number, other_dot, list_filter(['phone', 'email', 'address', 'officer'], k -> list_contains(kinds, k)) AS shared
FROM kinds;
