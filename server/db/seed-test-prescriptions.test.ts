import { client, createTestApp, signIn, TEST_PASSWORD_COST, type TestApp } from '../test/helpers';
import { prepareDatabase } from './prepare';

/** The demo test prescriptions on a fresh start: all of them pass, and they cover the demo's cases. */
let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  await prepareDatabase(t.pool, { seed: 'demo', passwordCost: TEST_PASSWORD_COST });
  api = client(t.app, await signIn(t.app, { role: 'editor' }));
});
afterAll(() => t.close());

interface Outcome {
  verdict: string;
  complete: boolean;
  findings: { kind: string; severity: string | null; reason?: string }[];
}

describe('the demo test prescriptions', () => {
  it('all pass on a fresh start, stored and when run again', async () => {
    const list = (await api.get('/test-prescription')).json();
    expect(list.data.length).toBeGreaterThanOrEqual(15);
    expect(list.meta).toEqual({
      total: list.data.length,
      passing: list.data.length,
      worse: 0,
      changed: 0,
      not_run: 0,
    });
    const run = (await api.post('/test-prescription/run')).json();
    expect(run.data.filter((r: { status: string }) => r.status !== 'pass')).toEqual([]);
    expect(run.meta.passing).toBe(list.data.length);
  });

  it('cover interactions, dose bands, daily maxima, age limits, allergies, pregnancy, a condition, a lifestyle and incomplete checks', async () => {
    const expected = (await api.get('/test-prescription'))
      .json()
      .data.map((row: { expected: Outcome }) => row.expected) as Outcome[];
    const kinds = new Set(expected.flatMap((o) => o.findings.map((f) => f.kind)));
    for (const kind of [
      'interaction',
      'dose',
      'daily_dose',
      'age_limit',
      'frequency',
      'allergy',
      'pregnancy',
      'condition',
      'lifestyle',
      'duplicate_therapy',
      'duplicate_ingredient',
    ])
      expect(kinds).toContain(kind);
    // A caution: a condition finding below contraindicated.
    expect(
      expected.some((o) =>
        o.findings.some((f) => f.kind === 'condition' && f.severity === 'moderate'),
      ),
    ).toBe(true);
    // What could not be checked: a weight, a child's dose (no rule for the age), a pregnancy
    // status, an eGFR in kidney disease.
    const unchecked = new Set(
      expected.flatMap((o) =>
        o.findings.filter((f) => f.kind === 'not_checked').map((f) => f.reason),
      ),
    );
    expect(unchecked).toEqual(
      new Set([
        'missing_weight',
        'no_band',
        'no_rule_for_age',
        'missing_pregnancy_status',
        'missing_egfr',
      ]),
    );
    expect(new Set(expected.map((o) => o.verdict))).toEqual(
      new Set(['none', 'moderate', 'major', 'contraindicated']),
    );
  });
});
