-- A test prescription may state a floor, the verdict its check must reach at least ("at least
-- major"): a run below it is `worse`, whatever the expected outcome says.
ALTER TABLE test_prescriptions
  ADD COLUMN min_verdict text CHECK (min_verdict IN ('minor', 'moderate', 'major', 'contraindicated'));

-- A run is `worse` when it lowers the outcome (a verdict lowered, a finding lost or lowered,
-- `complete` lost, below the floor), `changed` for any other difference.
ALTER TABLE test_prescriptions DROP CONSTRAINT test_prescriptions_last_status_check;
ALTER TABLE test_prescriptions ADD CONSTRAINT test_prescriptions_last_status_check
  CHECK (last_status IN ('pass', 'worse', 'changed'));

-- Findings are now compared by the rule they come from and the reason of a not_checked one too.
-- The expected outcomes stored until now have neither (`expected_rules` false): they are compared
-- on kind, medications and severity until a run passes so, which stores the actual outcome, rules
-- included, in their place. Every outcome stored from now on has them.
ALTER TABLE test_prescriptions ADD COLUMN expected_rules boolean NOT NULL DEFAULT false;
ALTER TABLE test_prescriptions ALTER COLUMN expected_rules SET DEFAULT true;

-- The last outcomes stored so far have no rules either: the next run stores each afresh, and names
-- no change as having altered it (the rules are new, not the outcome).
UPDATE test_prescriptions SET last_outcome = NULL;
