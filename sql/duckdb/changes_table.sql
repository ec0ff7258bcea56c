-- The change feed rows of a run (empty for a run with no previous run to compare with).
CREATE OR REPLACE TABLE {{schema}}.changes (
  dot_number   VARCHAR NOT NULL,
  carrier_name VARCHAR NOT NULL,
  category     VARCHAR NOT NULL,
  -- Position of the category in CHANGE_CATEGORIES (lib/domain.ts): the feed's order.
  category_ord INTEGER NOT NULL,
  old_values   VARCHAR NOT NULL,
  new_values   VARCHAR NOT NULL,
  phy_state    VARCHAR NOT NULL
);
