-- The most a dosage rule allows in 24 hours, in the rule's dosage unit (per kg when that is): a
-- dose within range, repeated too often, can still exceed what a day may hold. Null: no maximum.
-- It cannot be below the largest single dose, which one dose a day would already reach.
ALTER TABLE weight_category_dosages
  ADD COLUMN max_daily_dosage double precision CHECK (max_daily_dosage > 0),
  ADD CONSTRAINT weight_category_dosages_daily_maximum CHECK (max_daily_dosage >= max_dosage);
ALTER TABLE age_category_dosages
  ADD COLUMN max_daily_dosage double precision CHECK (max_daily_dosage > 0),
  ADD CONSTRAINT age_category_dosages_daily_maximum CHECK (max_daily_dosage >= max_dosage);
