-- The safety check reads the class rules of the classes it found, and the daily limits of the
-- ingredients it found, each by a list of ids: an index on that id serves either lookup, where
-- the partial unique indexes (made for uniqueness, over some rows only) cannot.
CREATE INDEX class_rules_drug_class_idx ON class_rules (drug_class_id);
CREATE INDEX ingredient_daily_limits_ingredient_idx ON ingredient_daily_limits (ingredient_id);
