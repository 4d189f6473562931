-- The ages a weight category is meant for: a fixed adult dose in a weight band must never reach a
-- newborn who happens to weigh as little. Null is no bound. In years, as the bands' ages are stated.
ALTER TABLE weight_categories
  ADD COLUMN min_age_years double precision CHECK (min_age_years >= 0 AND min_age_years <= 130),
  ADD COLUMN max_age_years double precision CHECK (max_age_years >= 0 AND max_age_years <= 130),
  ADD CONSTRAINT weight_categories_age_order CHECK (min_age_years <= max_age_years);

-- A medication's own age limits ("not under 6 weeks"), with the severity of prescribing outside
-- them. Both bounds null: no limit.
ALTER TABLE medications
  ADD COLUMN min_age double precision CHECK (min_age >= 0),
  ADD COLUMN max_age double precision CHECK (max_age >= 0),
  ADD COLUMN age_limit_unit text NOT NULL DEFAULT 'years'
    CHECK (age_limit_unit IN ('years', 'months', 'days')),
  ADD COLUMN age_limit_severity text NOT NULL DEFAULT 'contraindicated'
    CHECK (age_limit_severity IN ('minor', 'moderate', 'major', 'contraindicated')),
  ADD CONSTRAINT medications_age_limit_order CHECK (min_age <= max_age);
