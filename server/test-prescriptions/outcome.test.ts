import { loadContract } from '../contract';
import {
  RULE_KEYS,
  belowFloor,
  canonical,
  differences,
  statusOf,
  withoutRules,
  type Actual,
  type Floor,
  type Outcome,
  type OutcomeFinding,
} from './outcome';

/**
 * How a test prescription's run is judged, written from what a pharmacist expects of a regression
 * check: a result that protects the patient less is `worse`, any other difference `changed`.
 */

const MORPHINE = 7;
const WARFARIN = 11;
const IBUPROFEN = 12;
const names: Record<number, string> = { 7: 'Morphine', 11: 'Warfarin', 12: 'Ibuprofen' };
const nameOf = (id: number) => names[id] ?? `#${id}`;

const outcome = (
  verdict: Outcome['verdict'],
  findings: OutcomeFinding[],
  complete = true,
): Actual => ({ outcome: canonical({ verdict, complete, findings }) });

/** Status of `actual` against `expected`, with the floor, as a run judges it. */
function judge(expected: Actual, actual: Actual, floor: Floor = null) {
  const found = [...differences(expected, actual, nameOf), ...belowFloor(actual, floor)];
  return { status: statusOf(found), found };
}

const bleeding = (severity: OutcomeFinding['severity'], interaction_id = 31): OutcomeFinding => ({
  kind: 'interaction',
  medication_ids: [IBUPROFEN, WARFARIN],
  severity,
  interaction_id,
});

describe('a finding is its kind, medications, rule and reason', () => {
  // The infant age band is narrowed so a 6-month-old falls outside it: the age rule no longer
  // applies. Both before and after, the check "could not check" something about morphine, but
  // not the same thing.
  const ageRuleApplied: OutcomeFinding = {
    kind: 'not_checked',
    medication_ids: [MORPHINE],
    severity: null,
    reason: 'not_prescribed',
  };
  const noAgeRule: OutcomeFinding = {
    kind: 'not_checked',
    medication_ids: [MORPHINE],
    severity: null,
    reason: 'no_band',
    basis: 'age',
  };

  it("narrowing the infant age category does not leave 'Morphine for a 6-month-old' passing when a different could-not-check replaced the old one", () => {
    const before = outcome('none', [ageRuleApplied], false);
    const after = outcome('none', [noAgeRule], false);
    const { status, found } = judge(before, after);
    expect(status).toBe('worse');
    expect(found).toEqual([
      expect.objectContaining({ kind: 'finding_removed', finding: ageRuleApplied, worse: true }),
      expect.objectContaining({ kind: 'finding_added', finding: noAgeRule, worse: false }),
    ]);
    expect(found.map((d) => d.message)).toEqual([
      'No longer: not checked finding (not prescribed) for Morphine',
      'New: not checked finding (no band) for Morphine',
    ]);
    // Compared on kind, medications and severity only (as before), the two looked the same.
    expect(
      differences(
        { outcome: withoutRules((before as { outcome: Outcome }).outcome) },
        { outcome: withoutRules((after as { outcome: Outcome }).outcome) },
        nameOf,
      ),
    ).toEqual([]);
  });

  it('the same interaction from another record is another finding: the old one is lost', () => {
    const { status, found } = judge(
      outcome('major', [bleeding('major', 31)]),
      outcome('major', [bleeding('major', 32)]),
    );
    expect(status).toBe('worse');
    expect(found.map((d) => d.kind)).toEqual(['finding_removed', 'finding_added']);
  });

  it("a contraindication for another of the patient's conditions is another finding", () => {
    const forUlcer: OutcomeFinding = {
      kind: 'condition',
      medication_ids: [IBUPROFEN],
      severity: 'contraindicated',
      condition_id: 4,
    };
    const forAsthma = { ...forUlcer, condition_id: 5 };
    expect(
      judge(outcome('contraindicated', [forUlcer]), outcome('contraindicated', [forAsthma])).status,
    ).toBe('worse');
  });

  it('the same finding in another order, or with its medications the other way round, passes', () => {
    const dose: OutcomeFinding = {
      kind: 'dose',
      medication_ids: [WARFARIN],
      severity: 'major',
      basis: 'weight',
      dosage_id: 9,
    };
    const swapped = { ...bleeding('major'), medication_ids: [WARFARIN, IBUPROFEN] };
    expect(
      judge(outcome('major', [dose, bleeding('major')]), outcome('major', [swapped, dose])).status,
    ).toBe('pass');
  });

  it('the pregnancy category is part of a pregnancy finding', () => {
    const pregnancy = (category: 'C' | 'D'): OutcomeFinding => ({
      kind: 'pregnancy',
      medication_ids: [WARFARIN],
      severity: 'major',
      pregnancy_category: category,
    });
    expect(
      judge(outcome('major', [pregnancy('D')]), outcome('major', [pregnancy('C')])).status,
    ).toBe('worse');
  });

  it('every field a safety-check finding carries but its message and allergen flag is compared, with the same values', () => {
    const { schemas } = loadContract().components;
    type Props = Record<string, Record<string, unknown>>;
    const finding = (schemas.SafetyFinding as { properties: Props }).properties;
    const compared = (schemas.TestPrescriptionFinding as { properties: Props }).properties;
    const identity = Object.keys(finding).filter(
      (key) => !['kind', 'medication_ids', 'severity', 'message', 'allergen'].includes(key),
    );
    expect([...RULE_KEYS].sort()).toEqual([...identity].sort());
    const plain = ({ description: _description, ...schema }: Record<string, unknown>) => schema;
    for (const key of identity)
      expect([key, plain(compared[key])]).toEqual([key, plain(finding[key])]);
  });
});

describe('worse or changed', () => {
  it('a lowered verdict is worse, a raised one is changed', () => {
    expect(
      judge(outcome('major', [bleeding('major')]), outcome('moderate', [bleeding('moderate')]))
        .status,
    ).toBe('worse');
    expect(
      judge(outcome('moderate', [bleeding('moderate')]), outcome('major', [bleeding('major')]))
        .status,
    ).toBe('changed');
  });

  it('an interaction downgraded from major to minor is worse; its severity difference says so', () => {
    const { found } = judge(
      outcome('major', [bleeding('major')]),
      outcome('minor', [bleeding('minor')]),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'severity_changed',
        from: 'major',
        to: 'minor',
        worse: true,
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'verdict_changed', from: 'major', to: 'minor', worse: true }),
    );
  });

  it('a finding lowered while another keeps the verdict up is still worse', () => {
    const dose: OutcomeFinding = {
      kind: 'dose',
      medication_ids: [WARFARIN],
      severity: 'contraindicated',
      basis: 'weight',
      dosage_id: 9,
    };
    const { status, found } = judge(
      outcome('contraindicated', [dose, bleeding('major')]),
      outcome('contraindicated', [dose, bleeding('moderate')]),
    );
    expect(status).toBe('worse');
    expect(found).toEqual([expect.objectContaining({ kind: 'severity_changed', worse: true })]);
  });

  it('a warning that goes away is worse; a new one is changed', () => {
    expect(judge(outcome('major', [bleeding('major')]), outcome('none', [])).status).toBe('worse');
    expect(judge(outcome('none', []), outcome('major', [bleeding('major')])).status).toBe(
      'changed',
    );
  });

  it('a check that becomes incomplete is worse; one that becomes complete is changed', () => {
    expect(judge(outcome('none', [], true), outcome('none', [], false)).status).toBe('worse');
    expect(judge(outcome('none', [], false), outcome('none', [], true)).status).toBe('changed');
  });

  it('a prescription that can no longer be checked is worse; checked again, changed', () => {
    const gone: Actual = { error: 'medications: No such medication: 12' };
    expect(judge(outcome('major', [bleeding('major')]), gone).status).toBe('worse');
    expect(statusOf(differences(gone, outcome('major', [bleeding('major')]), nameOf))).toBe(
      'changed',
    );
  });
});

describe('a floor: "at least major"', () => {
  it('a verdict below the floor is worse, even when it is the expected one', () => {
    const moderate = outcome('moderate', [bleeding('moderate')]);
    const { status, found } = judge(moderate, moderate, 'major');
    expect(status).toBe('worse');
    expect(found).toEqual([
      {
        kind: 'below_floor',
        from: 'major',
        to: 'moderate',
        message: "Verdict moderate is below this test's floor: at least major",
        worse: true,
      },
    ]);
  });

  it('the floor itself, or above it, passes; no floor, nothing to reach', () => {
    const major = outcome('major', [bleeding('major')]);
    expect(judge(major, major, 'major').status).toBe('pass');
    expect(belowFloor(outcome('contraindicated', []), 'major')).toEqual([]);
    expect(belowFloor(outcome('none', []), null)).toEqual([]);
  });
});
