-- A version per table instead of 002's single counter. A server's cached list is checked against
-- the versions of the tables it reads (server/routes/listCache.ts), so creating a condition no
-- longer makes every server rebuild the age-category or drug list. The triggers of 002 stay; the
-- function they call now moves only the written table's version, in the same transaction.
CREATE TABLE table_versions (
  table_name text PRIMARY KEY,
  version    bigint NOT NULL DEFAULT 1
);
INSERT INTO table_versions (table_name)
SELECT unnest(ARRAY['conditions', 'age_categories', 'weight_categories', 'medications',
  'medication_contraindications', 'weight_category_dosages', 'age_category_dosages', 'lifestyles',
  'lifestyle_contraindications', 'drug_interactions', 'drugs']);

CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_versions SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

DROP TABLE data_version;
