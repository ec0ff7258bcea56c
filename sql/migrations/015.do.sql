-- Deep pages of searches without text in name order (sql/api/search-page-bucket.sql): carriers
-- per status (active or not), state ('*': every state) and name bucket: a name's first
-- character (level 1) and first two (level 2). Name order ("C") is bucket order, so a page starts
-- at the bucket holding its first row, found by summing the buckets before it (~40 of each level,
-- not ~700 two-character buckets), and skips only the rest of its offset inside that bucket: page
-- 400 of one state's active carriers walked 10,000 index entries, now a few hundred. Kept with
-- search_counts (sql/search/counts.sql).
CREATE TABLE search_name_buckets (
  active boolean NOT NULL,
  state  text NOT NULL,
  level  smallint NOT NULL,
  bucket text COLLATE "C" NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (active, state, level, bucket) INCLUDE (n)
);

INSERT INTO search_name_buckets (active, state, level, bucket, n)
SELECT g.active, s.state, l.level, left(g.bucket, l.level), sum(g.n)
FROM (SELECT active, state, left(name, 2) AS bucket, count(*) AS n FROM carrier_search GROUP BY 1, 2, 3) g
CROSS JOIN LATERAL (VALUES (g.state), ('*')) s(state)
CROSS JOIN (VALUES (1), (2)) l(level)
GROUP BY 1, 2, 3, 4;
