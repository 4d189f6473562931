-- Ingredients: what a medication contains. Two products sharing one (paracetamol alone and in
-- co-codamol) add up over a day, which no rule of either product sees; and a dose prescribed in
-- tablets, capsules or ml becomes an amount of each ingredient through the product's strengths.
CREATE TABLE ingredients (
  id         serial PRIMARY KEY,
  name       text NOT NULL CHECK (btrim(name) <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ingredients_name_key ON ingredients (lower(name));

-- A medication's ingredient with its strength per product unit (500 mg per tablet), or no
-- strength yet (all three left null): a dose in product units then cannot be converted.
CREATE TABLE medication_ingredients (
  id            serial PRIMARY KEY,
  medication_id integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  ingredient_id integer NOT NULL REFERENCES ingredients (id) ON DELETE RESTRICT,
  amount        double precision CHECK (amount > 0),
  amount_unit   text CHECK (amount_unit IN ('mg', 'mcg', 'g')),
  per_unit      text CHECK (per_unit IN ('tablet', 'capsule', 'ml')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (medication_id, ingredient_id),
  CHECK ((amount IS NULL) = (amount_unit IS NULL) AND (amount IS NULL) = (per_unit IS NULL))
);
CREATE INDEX medication_ingredients_ingredient_idx ON medication_ingredients (ingredient_id);

-- The most of an ingredient a patient of an age or weight category may take in 24 hours, over
-- every medication containing it (per kg when the unit is). A category may hold one per kg and one
-- absolute ("75 mg/kg, at most 4 g"): the stricter applies. Categories keep them from being
-- deleted, as dosages do.
CREATE TABLE ingredient_daily_limits (
  id                 serial PRIMARY KEY,
  ingredient_id      integer NOT NULL REFERENCES ingredients (id) ON DELETE CASCADE,
  age_category_id    integer REFERENCES age_categories (id) ON DELETE RESTRICT,
  weight_category_id integer REFERENCES weight_categories (id) ON DELETE RESTRICT,
  max_daily_amount   double precision NOT NULL CHECK (max_daily_amount > 0),
  unit               text NOT NULL CHECK (unit IN ('mg', 'mcg', 'g', 'mg/kg', 'mcg/kg')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK ((age_category_id IS NULL) <> (weight_category_id IS NULL))
);
CREATE UNIQUE INDEX ingredient_daily_limits_age_key
  ON ingredient_daily_limits (ingredient_id, age_category_id, (unit LIKE '%/kg'))
  WHERE age_category_id IS NOT NULL;
CREATE UNIQUE INDEX ingredient_daily_limits_weight_key
  ON ingredient_daily_limits (ingredient_id, weight_category_id, (unit LIKE '%/kg'))
  WHERE weight_category_id IS NOT NULL;
CREATE INDEX ingredient_daily_limits_age_idx ON ingredient_daily_limits (age_category_id);
CREATE INDEX ingredient_daily_limits_weight_idx ON ingredient_daily_limits (weight_category_id);

-- Every medication so far is one ingredient of its own name, with no strength stated yet.
INSERT INTO ingredients (name)
SELECT DISTINCT ON (lower(name)) name FROM medications ORDER BY lower(name), id;
INSERT INTO medication_ingredients (medication_id, ingredient_id)
SELECT m.id, i.id FROM medications m JOIN ingredients i ON lower(i.name) = lower(m.name);

-- Doses counted in product units: a rule or a prescription may say 2 tablets.
ALTER TABLE weight_category_dosages
  DROP CONSTRAINT weight_category_dosages_dosage_unit_check,
  ADD CONSTRAINT weight_category_dosages_dosage_unit_check CHECK (dosage_unit IN (
    'mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg', 'tablet', 'capsule'));
ALTER TABLE age_category_dosages
  DROP CONSTRAINT age_category_dosages_dosage_unit_check,
  ADD CONSTRAINT age_category_dosages_dosage_unit_check CHECK (dosage_unit IN (
    'mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg', 'tablet', 'capsule'));
ALTER TABLE medications
  DROP CONSTRAINT medications_avg_weight_dosage_unit_check,
  ADD CONSTRAINT medications_avg_weight_dosage_unit_check CHECK (avg_weight_dosage_unit IN (
    'mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg', 'tablet', 'capsule'));

SELECT track_table_versions(ARRAY['ingredients', 'medication_ingredients', 'ingredient_daily_limits']);

ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_entity_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_entity_check CHECK (entity IN ('condition',
  'age_category', 'weight_category', 'medication', 'weight_dosage', 'age_dosage',
  'contraindication', 'lifestyle_contraindication', 'drug_interaction', 'lifestyle', 'drug',
  'account', 'test_prescription', 'drug_class', 'class_member', 'class_rule', 'ingredient',
  'medication_ingredient', 'ingredient_limit'));
