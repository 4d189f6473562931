-- Per-kilogram dose ranges: mg/kg and mcg/kg (the safety check multiplies them by the patient's
-- weight in kg), as the contract's DosageUnit. The average weight dosage takes the same units.
ALTER TABLE weight_category_dosages
  DROP CONSTRAINT weight_category_dosages_dosage_unit_check,
  ADD CONSTRAINT weight_category_dosages_dosage_unit_check CHECK (dosage_unit IN (
    'mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg'));

ALTER TABLE age_category_dosages
  DROP CONSTRAINT age_category_dosages_dosage_unit_check,
  ADD CONSTRAINT age_category_dosages_dosage_unit_check CHECK (dosage_unit IN (
    'mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg'));

ALTER TABLE medications
  DROP CONSTRAINT medications_avg_weight_dosage_unit_check,
  ADD CONSTRAINT medications_avg_weight_dosage_unit_check CHECK (avg_weight_dosage_unit IN (
    'mg', 'ml', 'g', 'mcg', 'mg/kg', 'mcg/kg'));
