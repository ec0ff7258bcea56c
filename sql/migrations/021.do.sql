-- Deep pages of one-word text searches (sql/api/search-walk-one-bucket.sql): each word's
-- search_postings entries per status and name bucket, a name's first character (level 1) and
-- first two (level 2), as search_name_buckets (migration 015) holds carriers. A page of one
-- word's list starts at the bucket holding its first entry instead of skipping its whole offset:
-- page 400 of TRUCKING walked 8,000 index entries, now the rest of one bucket. Kept by every
-- refresh (sql/search/word_buckets.sql).
CREATE TABLE search_word_buckets (
  term   text COLLATE "C" NOT NULL,
  active boolean NOT NULL,
  level  smallint NOT NULL,
  bucket text COLLATE "C" NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (term, active, level, bucket) INCLUDE (n)
);
ALTER TABLE search_word_buckets SET (parallel_workers = 0);

INSERT INTO search_word_buckets (term, active, level, bucket, n)
SELECT g.term, g.active, l.level, left(g.bucket, l.level), sum(g.n)
FROM (SELECT term, active, left(name, 2) AS bucket, count(*) AS n FROM search_postings GROUP BY 1, 2, 3) g
CROSS JOIN (VALUES (1), (2)) l(level)
GROUP BY 1, 2, 3, 4;
