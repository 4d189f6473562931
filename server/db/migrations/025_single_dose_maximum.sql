-- The most a dosage rule allows in one dose, as an absolute amount: the rule's dosage unit without
-- "per kg" (mg for an mg/kg rule). A per-kg range alone grows with the weight without end, so a
-- heavy child's 0.15 mg/kg of ondansetron would pass at 6 mg where no dose may exceed 4 mg. Null:
-- no such maximum. It is not compared with the range, which for a per-kg rule is in another unit.
ALTER TABLE weight_category_dosages ADD COLUMN max_dose double precision CHECK (max_dose > 0);
ALTER TABLE age_category_dosages ADD COLUMN max_dose double precision CHECK (max_dose > 0);
