-- A condition contraindication is graded: `contraindicated` (never together), or `caution` (may be
-- given, with care) with the severity of the safety check's finding: minor, moderate or major.
-- Calling every such link "contraindicated" over-called cautions such as paracetamol in cirrhosis,
-- which teaches users to ignore the alert. `severity` is the finding's severity for either level,
-- so a contraindication's is `contraindicated`. Every existing link stays a contraindication.
ALTER TABLE medication_contraindications
  ADD COLUMN level text NOT NULL DEFAULT 'contraindicated',
  ADD COLUMN severity text NOT NULL DEFAULT 'contraindicated',
  ADD CONSTRAINT medication_contraindications_grade_check CHECK (
    (level = 'contraindicated' AND severity = 'contraindicated')
    OR (level = 'caution' AND severity IN ('minor', 'moderate', 'major')));
