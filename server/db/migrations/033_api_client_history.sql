-- The history also records who made and who revoked each API client (an EHR's access to the
-- CDS Hooks service): access to patient-facing checks is granted and withdrawn on the record.
ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_entity_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_entity_check CHECK (entity IN ('condition',
  'age_category', 'weight_category', 'medication', 'weight_dosage', 'age_dosage',
  'contraindication', 'lifestyle_contraindication', 'drug_interaction', 'lifestyle', 'drug',
  'account', 'test_prescription', 'drug_class', 'class_member', 'class_rule', 'ingredient',
  'medication_ingredient', 'ingredient_limit', 'renal_category', 'renal_rule', 'api_client'));
