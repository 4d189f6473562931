-- Kidney function. A patient's eGFR (mL/min/1.73 m²) falls in a renal function category (the
-- KDIGO bands G1 to G5 in the demo), a third kind of category beside age and weight; a renal rule
-- says what a medication may be given at in one (a lower dose range, a longer interval, a daily
-- maximum) or that it is to be avoided there. A condition may be marked as affecting kidney
-- function: for such a patient with no eGFR given, renal rules cannot be passed over in silence.
ALTER TABLE conditions ADD COLUMN affects_kidney_function boolean NOT NULL DEFAULT false;

CREATE TABLE renal_categories (
  id            serial PRIMARY KEY,
  min_egfr      double precision NOT NULL CHECK (min_egfr >= 0 AND min_egfr <= 200),
  max_egfr      double precision NOT NULL CHECK (max_egfr >= 0 AND max_egfr <= 200),
  egfr_unit     text NOT NULL DEFAULT 'mL/min/1.73m2' CHECK (egfr_unit = 'mL/min/1.73m2'),
  category_name text CHECK (category_name IN ('G1', 'G2', 'G3a', 'G3b', 'G4', 'G5')),
  description   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE renal_rules (
  id                 serial PRIMARY KEY,
  medication_id      integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  renal_category_id  integer NOT NULL REFERENCES renal_categories (id) ON DELETE RESTRICT,
  avoid              boolean NOT NULL DEFAULT false,
  min_dosage         double precision CHECK (min_dosage >= 0),
  max_dosage         double precision CHECK (max_dosage > 0),
  dosage_unit        text CHECK (dosage_unit IN ('mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg', 'tablet', 'capsule')),
  max_daily_dosage   double precision CHECK (max_daily_dosage > 0),
  min_frequency      double precision CHECK (min_frequency > 0),
  max_frequency      double precision CHECK (max_frequency > 0),
  frequency_unit     text CHECK (frequency_unit IN ('hours', 'days', 'weeks')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (medication_id, renal_category_id),
  -- A dose range is all three fields or none, and so is an interval range; a rule that avoids
  -- the medication states neither, and one that does not states at least one of them.
  CHECK ((min_dosage IS NULL) = (max_dosage IS NULL) AND (min_dosage IS NULL) = (dosage_unit IS NULL)),
  CHECK ((min_frequency IS NULL) = (max_frequency IS NULL)
         AND (min_frequency IS NULL) = (frequency_unit IS NULL)),
  CHECK (min_dosage <= max_dosage AND min_frequency <= max_frequency),
  CHECK (max_daily_dosage IS NULL OR (max_dosage IS NOT NULL AND max_daily_dosage >= max_dosage)),
  CHECK (CASE WHEN avoid THEN min_dosage IS NULL AND min_frequency IS NULL AND max_daily_dosage IS NULL
              ELSE min_dosage IS NOT NULL OR min_frequency IS NOT NULL END)
);
CREATE INDEX renal_rules_category_idx ON renal_rules (renal_category_id);

SELECT track_table_versions(ARRAY['renal_categories', 'renal_rules']);

ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_entity_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_entity_check CHECK (entity IN ('condition',
  'age_category', 'weight_category', 'medication', 'weight_dosage', 'age_dosage',
  'contraindication', 'lifestyle_contraindication', 'drug_interaction', 'lifestyle', 'drug',
  'account', 'test_prescription', 'drug_class', 'class_member', 'class_rule', 'ingredient',
  'medication_ingredient', 'ingredient_limit', 'renal_category', 'renal_rule'));
