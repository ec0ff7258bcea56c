-- Typo candidates for words of 8+ letters (two edits allowed) without the trigram index, whose
-- nearest-64 search cost 4-7 ms a word at 2.1M carriers and could miss a word within two edits.
--
-- The deletion neighbourhood of the dictionary (SymSpell): each word of 6+ letters (the
-- shortest two edits reach from 8) is filed under itself and under every string left by deleting
-- one or two of its letters. Two words within two edits (insertions, deletions, substitutions,
-- swaps of adjacent letters) share an entry: the candidates for a misspelt word are the words
-- filed under its own deletions, which the caller checks for the edit distance. The index stage
-- keeps it with search_terms (sql/search/word_counts*.sql).
CREATE FUNCTION search_deletions(w text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT w
  UNION
  SELECT left(w, i - 1) || substr(w, i + 1) FROM generate_series(1, length(w)) i
  UNION
  SELECT left(w, i - 1) || substr(w, i + 1, j - i - 1) || substr(w, j + 1)
  FROM generate_series(1, length(w)) i, generate_series(i + 1, length(w)) j
$$;

CREATE TABLE search_term_deletes (
  del  text COLLATE "C" NOT NULL,
  term text COLLATE "C" NOT NULL,
  PRIMARY KEY (del, term)
);

INSERT INTO search_term_deletes (del, term)
SELECT d, t.term FROM search_terms t CROSS JOIN LATERAL search_deletions(t.term) d WHERE length(t.term) >= 6;

DROP INDEX search_terms_trgm_idx;
