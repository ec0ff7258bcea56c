-- Deep pages of one-word text searches (sql/api/search-walk-bucket.sql): each word's
-- search_postings entries per status, lcp and name bucket, a name's first character (level 1) and
-- first two (level 2), as search_name_buckets (migration 015) holds carriers. A page of a word's
-- list, or of a prefix's few lists merged (entries with lcp below the prefix's length: each
-- carrier once), starts at the bucket holding its first entry instead of skipping its whole
-- offset: page 400 of TRUCKING walked 8,000 index entries, now the rest of one bucket. Kept by
-- every refresh (sql/search/word_buckets.sql).
CREATE TABLE search_word_buckets (
  term   text COLLATE "C" NOT NULL,
  active boolean NOT NULL,
  level  smallint NOT NULL,
  bucket text COLLATE "C" NOT NULL,
  lcp    smallint NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (term, active, level, bucket, lcp) INCLUDE (n)
);
ALTER TABLE search_word_buckets SET (parallel_workers = 0);

INSERT INTO search_word_buckets (term, active, level, bucket, lcp, n)
SELECT g.term, g.active, l.level, left(g.bucket, l.level), g.lcp, sum(g.n)
FROM (SELECT term, active, left(name, 2) AS bucket, lcp, count(*) AS n FROM search_postings GROUP BY 1, 2, 3, 4) g
CROSS JOIN (VALUES (1), (2)) l(level)
GROUP BY 1, 2, 3, 4, 5;
