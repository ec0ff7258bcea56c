-- Carrier search, PostgreSQL backend (GET /v1/carriers/search; docs/search.md has the design).
-- Every table here is derived from `carriers` by lib/search/pg-index.ts: inside each run's load
-- transaction (load hook) and by the pipeline's index stage. The API only reads them.
--
-- Why separate tables and not indexes on `carriers`: exact totals over hundreds of thousands of
-- matches cannot be counted row by row within the latency budget (an index-only scan costs about
-- 0.2 us per entry), so the counts are precomputed (search_counts, search_word_counts); and deep
-- pages need one ordered list per name word (search_postings). A narrow copy of the searchable
-- columns (carrier_search), clustered by name, keeps every walk index-only.

-- Upper case (ASCII), apostrophes dropped, every other run of non-alphanumerics one space.
-- server/search/text.ts normalises queries the same way (a test keeps the two in step).
CREATE FUNCTION search_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(replace(upper(t COLLATE "C"), '''', ''), '[^A-Z0-9]+', ' ', 'g'))
$$;

-- Length of the common prefix of two different words (0 when a is NULL). A CASE ladder (inlined,
-- fast) for the usual short prefixes, a loop beyond.
CREATE FUNCTION search_lcp_long(a text, b text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n integer := least(length(a), length(b));
  i integer := 0;
BEGIN
  WHILE i < n AND substr(a, i + 1, 1) = substr(b, i + 1, 1) LOOP
    i := i + 1;
  END LOOP;
  RETURN i;
END $$;

CREATE FUNCTION search_lcp(a text, b text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN a IS NULL OR left(a, 1) <> left(b, 1) THEN 0
    WHEN left(a, 2) <> left(b, 2) THEN 1
    WHEN left(a, 3) <> left(b, 3) THEN 2
    WHEN left(a, 4) <> left(b, 4) THEN 3
    WHEN left(a, 5) <> left(b, 5) THEN 4
    WHEN left(a, 6) <> left(b, 6) THEN 5
    WHEN left(a, 7) <> left(b, 7) THEN 6
    WHEN left(a, 8) <> left(b, 8) THEN 7
    WHEN left(a, 9) <> left(b, 9) THEN 8
    WHEN left(a, 10) <> left(b, 10) THEN 9
    ELSE search_lcp_long(a, b) END
$$;

-- Entity types as small codes (server/search/params.ts ENTITY_CODES has the same list); 0: other.
CREATE FUNCTION search_entity_code(entity_type text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_position(ARRAY['CARRIER', 'BROKER', 'FREIGHT FORWARDER', 'SHIPPER', 'REGISTRANT',
    'INTERMODAL EQUIPMENT PROVIDER', 'CARGO TANK'], entity_type), 0)::smallint
$$;

-- Cargo labels (lower case) and their bit in carrier_search.cargo_bits; new labels get the next
-- bit when the index is refreshed (the census has 30 cargo columns; 63 fit).
CREATE TABLE search_cargo_labels (
  label text PRIMARY KEY,
  bit   smallint NOT NULL UNIQUE CHECK (bit BETWEEN 0 AND 62)
);

-- The searchable columns of every carrier (any status), one row per DOT.
CREATE TABLE carrier_search (
  id          integer PRIMARY KEY,              -- dot_number
  active      boolean NOT NULL,                 -- carrier_status = 'ACTIVE'
  state       text NOT NULL,                    -- phy_state
  entity      smallint NOT NULL,                -- search_entity_code(entity_type)
  power_units integer NOT NULL,
  auth_since  date,                             -- common_authority_date while authority_status = 'ACTIVE'
  cargo_bits  bigint NOT NULL,                  -- bits of search_cargo_labels
  name        text COLLATE "C" NOT NULL,        -- legal_name: the sort key
  name_norm   text COLLATE "C" NOT NULL,        -- search_norm(legal_name)
  dba_norm    text COLLATE "C" NOT NULL,        -- search_norm(dba_name)
  terms       text[] COLLATE "C" NOT NULL,      -- distinct words of name_norm and dba_norm, sorted
  officers    text NOT NULL,                    -- officer_1, newline, officer_2 (upper case)
  -- Exact-match keys of the selective filters, tagged: 'c:' city (upper case), 'p:' phone digits,
  -- 'e:' e-mail (lower case), 'm:' MC, 'a:' month of auth_since (YYYY-MM). One GIN index serves
  -- them all, and GIN's pending list keeps the nightly inserts cheap where five btrees would each
  -- cost a random page per row.
  keys        text[] NOT NULL
);
-- Ordered walks, index-only: the INCLUDE columns are the filters a walk checks as it goes.
CREATE INDEX carrier_search_name_idx ON carrier_search (name, id)
  INCLUDE (active, state, entity, cargo_bits, power_units, auth_since);
CREATE INDEX carrier_search_state_name_idx ON carrier_search (state, name, id)
  INCLUDE (active, entity, cargo_bits, power_units, auth_since);
-- Geo searches page through the states in distance order, each by DOT.
CREATE INDEX carrier_search_state_id_idx ON carrier_search (state, id)
  INCLUDE (active, entity, cargo_bits, power_units, auth_since);
CREATE INDEX carrier_search_fleet_idx ON carrier_search (power_units, id);
-- Text: words (GIN), whole-name exact/prefix ranking, officers (trigram: LIKE '%...%').
CREATE INDEX carrier_search_terms_idx ON carrier_search USING gin (terms);
CREATE INDEX carrier_search_name_norm_idx ON carrier_search (name_norm);
CREATE INDEX carrier_search_dba_norm_idx ON carrier_search (dba_norm);
CREATE INDEX carrier_search_keys_idx ON carrier_search USING gin (keys);
CREATE INDEX carrier_search_officers_idx ON carrier_search USING gin (officers gin_trgm_ops);

-- One row per (word, carrier): the carriers holding a word in name order, so a text search pages
-- by reading only as many entries as the page needs (per word of a prefix, then merged), with
-- the filter columns at hand. lcp: the common prefix length with the carrier's previous word
-- (sorted), so that a prefix range counts each carrier once (see sql/search/word_delta.sql).
CREATE TABLE search_postings (
  term        text COLLATE "C" NOT NULL,
  active      boolean NOT NULL,
  name        text COLLATE "C" NOT NULL,
  id          integer NOT NULL,
  lcp         smallint NOT NULL,
  state       text NOT NULL,
  entity      smallint NOT NULL,
  cargo_bits  bigint NOT NULL,
  power_units integer NOT NULL,
  auth_since  date
);
CREATE INDEX search_postings_walk_idx ON search_postings (term, active, name, id)
  INCLUDE (lcp, state, entity, cargo_bits, power_units, auth_since);

-- Exact totals of searches without text: carriers per (status, state, entity type, cargo label);
-- cargo = -1 counts every carrier of the cell once.
CREATE TABLE search_counts (
  active boolean NOT NULL,
  state  text NOT NULL,
  entity smallint NOT NULL,
  cargo  smallint NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (active, state, entity, cargo)
);

-- The same per power units (searches with fleet_min/fleet_max) and per month of the common
-- authority date (authority_months_min: whole months before the cut-off month from here, the
-- cut-off month itself counted through carrier_search.keys).
CREATE TABLE search_counts_fleet (
  active      boolean NOT NULL,
  state       text NOT NULL,
  entity      smallint NOT NULL,
  power_units integer NOT NULL,
  n           integer NOT NULL,
  PRIMARY KEY (active, state, entity, power_units)
);
CREATE TABLE search_counts_auth (
  active boolean NOT NULL,
  state  text NOT NULL,
  entity smallint NOT NULL,
  month  text NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (active, state, entity, month)
);

-- Exact totals of one-word searches: carriers holding the word itself (exact) or any word that
-- starts with it (NOT exact), per (status, state, entity type).
CREATE TABLE search_word_counts (
  word   text COLLATE "C" NOT NULL,
  exact  boolean NOT NULL,
  active boolean NOT NULL,
  state  text NOT NULL,
  entity smallint NOT NULL,
  n      integer NOT NULL,
  PRIMARY KEY (word, exact, active, state, entity)
);

-- The dictionary: every name word with the number of carriers holding it. Prefix expansion reads
-- the primary key; typo correction the trigram index (nearest words).
CREATE TABLE search_terms (
  term text COLLATE "C" PRIMARY KEY,
  n    integer NOT NULL
);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops);

-- The run each index was last brought up to (backend 'postgres' or 'meilisearch').
CREATE TABLE search_index_state (
  backend    text PRIMARY KEY,
  etl_run_id integer,
  full_build boolean NOT NULL,
  indexed_at timestamptz NOT NULL
);

-- The searchable columns as derived from carriers (read by full and incremental refreshes), in
-- the column order of carrier_search. The LATERAL subqueries (OFFSET 0: evaluated once per row)
-- hold values used twice.
CREATE VIEW search_source AS
SELECT
  c.dot_number,
  c.dot_number::integer AS id,
  c.carrier_status = 'ACTIVE' AS active,
  c.phy_state AS state,
  search_entity_code(c.entity_type) AS entity,
  c.power_units,
  CASE WHEN c.authority_status = 'ACTIVE' THEN c.common_authority_date END AS auth_since,
  (SELECT coalesce(bit_or(1::bigint << l.bit), 0) FROM search_cargo_labels l WHERE l.label = ANY (k.cargo)) AS cargo_bits,
  c.legal_name COLLATE "C" AS name,
  n.name_norm,
  n.dba_norm,
  ARRAY(SELECT DISTINCT w FROM unnest(string_to_array(btrim(n.name_norm || ' ' || n.dba_norm), ' ')) AS w ORDER BY 1) AS terms,
  upper(c.officer_1 COLLATE "C") || E'\n' || upper(c.officer_2 COLLATE "C") AS officers,
  array_remove(ARRAY[
    'c:' || upper(c.phy_city COLLATE "C"),
    CASE WHEN c.phone <> '' THEN 'p:' || c.phone END,
    CASE WHEN c.email <> '' THEN 'e:' || lower(c.email COLLATE "C") END,
    'm:' || c.mc_number,
    CASE WHEN c.authority_status = 'ACTIVE' THEN 'a:' || to_char(c.common_authority_date, 'YYYY-MM') END
  ], NULL) AS keys
FROM carriers c
CROSS JOIN LATERAL (
  SELECT search_norm(c.legal_name) COLLATE "C" AS name_norm,
         CASE WHEN c.dba_name = '' THEN '' ELSE search_norm(c.dba_name) END COLLATE "C" AS dba_norm
  OFFSET 0
) n
CROSS JOIN LATERAL (SELECT lower(c.cargo_carried::text COLLATE "C")::text[] AS cargo OFFSET 0) k;
