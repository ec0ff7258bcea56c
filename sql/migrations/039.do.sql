-- The name and word buckets (migrations 015, 021, 022) go: a deep page without text in name
-- order, or of one word's lists, skips its offset as every other deep page does, and the bench's
-- deep-page class keeps its targets without them, so they no longer earn their nightly upkeep,
-- their share of every rebuild and their space (docs/search.md, "Decisions").
DROP TABLE search_name_buckets;
DROP TABLE search_word_buckets;
