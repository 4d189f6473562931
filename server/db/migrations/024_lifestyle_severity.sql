-- How much a lifestyle matters with a medication, graded as interactions are: grapefruit juice is
-- to be avoided with simvastatin but of minor account with amlodipine. Every link stored so far was
-- reported as major, and keeps that. A link's severity can be changed, so it gets an updated_at.
ALTER TABLE lifestyle_contraindications
  ADD COLUMN severity text NOT NULL DEFAULT 'major'
    CHECK (severity IN ('minor', 'moderate', 'major', 'contraindicated')),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
