import type { LightMyRequestResponse } from 'fastify';
import { client, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * GET /data-quality, every rule with hand-computed expectations (1 lb = 0.45359237 kg;
 * 1 year = 12 months = 365.25 days; 1 month = 30.4375 days). Rows the API refuses (a minimum
 * above its maximum, an interaction stored twice) are written with SQL, as an import would.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let token: string;

async function created(response: Promise<LightMyRequestResponse>): Promise<number> {
  const r = await response;
  if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`setup failed: ${r.body}`);
  return r.json().data.id;
}

async function report() {
  const response = await api.get('/data-quality');
  expect(response.statusCode).toBe(200);
  return response.json().data as Record<string, unknown>[];
}

const dosage = (extra: Record<string, unknown>) => ({
  min_dosage: 250,
  max_dosage: 500,
  dosage_unit: 'mg',
  min_frequency: 6,
  max_frequency: 8,
  frequency_unit: 'hours',
  min_duration: 7,
  max_duration: 10,
  duration_unit: 'days',
  ...extra,
});

const age = (minimum_age: number, maximum_age: number, unit: string, category: string | null) =>
  created(api.post('/age-category', { minimum_age, maximum_age, unit, category }));
const weight = (minimum_weight: number, maximum_weight: number, unit: string, category: string) =>
  created(api.post('/weight-category', { minimum_weight, maximum_weight, unit, category }));

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
  api = client(t.app, token);
});
afterAll(() => t.close());

it('answers an empty list for an empty database', async () => {
  expect(await report()).toEqual([]);
});

describe('with reference data', () => {
  const id: Record<string, number> = {};

  it('answers an empty list for clean data: every age to 130 years and weight to 650 kg covered, every band dosed', async () => {
    id.condition = await created(api.post('/condition', { name: 'Fever' }));
    const everyAge = await age(0, 130, 'years', null);
    const everyWeight = await weight(0, 650, 'kg', 'Normal');
    const clean = [
      await created(
        api.post('/medication', {
          name: 'By weight',
          condition_id: id.condition,
          is_dosage_weight_based: true,
          pregnancy_category: 'A',
          weight_dosage: dosage({ weight_category_id: everyWeight, dosage_unit: 'mg/kg' }),
        }),
      ),
      await created(
        api.post('/medication', {
          name: 'By age',
          condition_id: id.condition,
          is_dosage_weight_based: false,
          pregnancy_category: 'X',
          age_dosage: dosage({ age_category_id: everyAge, dosage_unit: 'mcg' }),
        }),
      ),
    ];
    // Category X with a lifestyle contraindication naming pregnancy.
    const planning = await created(api.post('/lifestyle', { name: 'Pregnancy planning' }));
    await created(
      api.post('/lifestyle-contraindication', { medication_id: clean[1], lifestyle_id: planning }),
    );
    expect(await report()).toEqual([]);
    // The cases below start from an empty set of categories and medications.
    await t.pool.query('DELETE FROM medications WHERE id = ANY($1)', [clean]);
    await t.pool.query('DELETE FROM age_categories WHERE id = $1', [everyAge]);
    await t.pool.query('DELETE FROM weight_categories WHERE id = $1', [everyWeight]);
    expect(await report()).toEqual([]);
  });

  it('finds every kind of problem, sorted by severity, kind, entity and id', async () => {
    // ---- categories ----
    id.neonate = await age(0, 28, 'days', 'Pediatric'); // 0 to 28 days
    id.infant = await age(1, 12, 'months', 'Pediatric'); // 30.4375 to 365.25 days: after a gap
    id.light = await weight(0, 110, 'lbs', 'Underweight'); // 0 to 49.8951607 kg
    id.fine = await created(
      api.post('/medication', {
        name: 'Fine',
        condition_id: id.condition,
        is_dosage_weight_based: true,
        pregnancy_category: 'A',
        weight_dosage: dosage({ weight_category_id: id.light }),
      }),
    );
    id.cleanAge = await created(
      api.post('/medication', {
        name: 'Clean age',
        condition_id: id.condition,
        is_dosage_weight_based: false,
        pregnancy_category: 'B',
        age_dosage: dosage({ age_category_id: id.infant }),
      }),
    );
    id.child = await age(1, 12, 'years', 'Pediatric'); // 365.25 to 4383 days: shares 12 months = 1 year with infant
    id.adolescent = await age(144, 216, 'months', null); // 4383 to 6574.5 days: shares 12 years = 144 months with child
    id.adult = await age(17, 65, 'years', 'Adult'); // 6209.25 to 23741.25 days: overlaps adolescent from 204 to 216 months
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO age_categories (min_age, max_age, age_unit, category_name) VALUES (70, 65, 'years', 'Geriatric') RETURNING id`,
    );
    id.inverted = rows[0].id;
    id.normal = await weight(49.8951607, 80, 'kg', 'Normal'); // starts at 110 lbs: shares a bound with light
    id.over = await weight(175, 250, 'lbs', 'Overweight'); // 79.37866475 to 113.3980925 kg: overlaps normal
    id.obese = await weight(100.5, 300, 'kg', 'Obese'); // overlaps overweight from 100.5 kg (221.5646 lbs) to 250 lbs

    // ---- medications ----
    const medication = (name: string, weightBased: boolean, pregnancy: string | null) =>
      created(
        api.post('/medication', {
          name,
          condition_id: id.condition,
          is_dosage_weight_based: weightBased,
          pregnancy_category: pregnancy,
        }),
      );
    id.weighty = await medication('Weighty', true, 'B'); // weight-based, only an age dosage
    await created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage({ medication_id: id.weighty, age_category_id: id.child }),
      ),
    );
    id.agey = await medication('Agey', false, null); // age-based, no dosage, no pregnancy category
    id.invertedAge = await medication('Upside', false, 'C');
    id.ageDosage = await created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage({ medication_id: id.invertedAge, age_category_id: id.child }),
      ),
    );
    await t.pool.query(
      'UPDATE age_category_dosages SET min_dosage = 500, max_dosage = 250 WHERE id = $1',
      [id.ageDosage],
    );
    id.invertedWeight = await medication('Backward', true, 'A');
    id.weightDosage = await created(
      api.post(
        '/medication/add-weight-based-dosage',
        dosage({ medication_id: id.invertedWeight, weight_category_id: id.normal }),
      ),
    );
    await t.pool.query(
      'UPDATE weight_category_dosages SET min_frequency = 8, max_frequency = 6, min_duration = 10, max_duration = 7 WHERE id = $1',
      [id.weightDosage],
    );

    // ---- interactions: the unique pair index keeps the API (and us) from storing a pair twice ----
    const interaction = (a: number, b: number) =>
      created(
        api.post('/drug-interaction', {
          medication_id: a,
          interacting_medication_id: b,
          severity: 'minor',
          description: 'Test.',
        }),
      );
    id.i1 = await interaction(id.fine, id.invertedWeight);
    id.i2 = await interaction(id.weighty, id.invertedAge);
    await interaction(id.agey, id.fine); // stored once: fine
    // A database written by another tool has no such index.
    await t.pool.query('DROP INDEX drug_interactions_pair_key');
    const insert = async (a: number, b: number) =>
      (
        await t.pool.query<{ id: number }>(
          `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description)
           VALUES ($1, $2, 'major', 'Again.') RETURNING id`,
          [a, b],
        )
      ).rows[0].id;
    id.i1Reversed = await insert(id.invertedWeight, id.fine); // both orders
    id.i2Again = await insert(id.weighty, id.invertedAge); // the same order twice

    const label = {
      neonate: `Pediatric #${id.neonate} (0 to 28 days)`,
      infant: `Pediatric #${id.infant} (1 to 12 months)`,
      child: `Pediatric #${id.child} (1 to 12 years)`,
      adolescent: `Age category #${id.adolescent} (144 to 216 months)`,
      adult: `Adult #${id.adult} (17 to 65 years)`,
      inverted: `Geriatric #${id.inverted} (70 to 65 years)`,
      light: `Underweight #${id.light} (0 to 110 lbs)`,
      normal: `Normal #${id.normal} (49.8951607 to 80 kg)`,
      over: `Overweight #${id.over} (175 to 250 lbs)`,
      obese: `Obese #${id.obese} (100.5 to 300 kg)`,
    };
    /** A coverage gap: `medication` has no dosage for the category `category`. */
    const coverage = (medication: string, basis: string, category: keyof typeof label) => ({
      kind: 'coverage_gap',
      severity: 'warning',
      entity: 'medication',
      entity_id: id[medication],
      related_id: id[category],
      medication_id: id[medication],
      message: `${{ fine: 'Fine', cleanAge: 'Clean age', invertedAge: 'Upside', invertedWeight: 'Backward' }[medication]} is dosed by ${basis} and has no dosage for ${label[category]}: the safety check cannot check a patient there.`,
    });
    // Medications without a rule for children have a test of their own (below).
    expect((await report()).filter((f) => f.kind !== 'no_child_rule')).toEqual([
      // ---- errors ----
      {
        kind: 'dosage_range_inverted',
        severity: 'error',
        entity: 'age_dosage',
        entity_id: id.ageDosage,
        medication_id: id.invertedAge,
        message: `Upside, age-based dosage for ${label.child}: minimum dose 500 mg exceeds maximum 250 mg.`,
      },
      {
        kind: 'dosage_range_inverted',
        severity: 'error',
        entity: 'weight_dosage',
        entity_id: id.weightDosage,
        medication_id: id.invertedWeight,
        message:
          `Backward, weight-based dosage for ${label.normal}: minimum frequency 8 hours exceeds maximum 6 hours; ` +
          'minimum duration 10 days exceeds maximum 7 days.',
      },
      {
        kind: 'category_range_inverted',
        severity: 'error',
        entity: 'age_category',
        entity_id: id.inverted,
        message: `${label.inverted}: the minimum exceeds the maximum, so no patient falls in it.`,
      },
      // ---- warnings ----
      {
        kind: 'age_category_overlap',
        severity: 'warning',
        entity: 'age_category',
        entity_id: id.adolescent,
        related_id: id.adult,
        message: `${label.adolescent} and ${label.adult} overlap from 204 to 216 months: a patient in that range matches both, and the safety check applies the rules of both.`,
      },
      {
        kind: 'weight_category_overlap',
        severity: 'warning',
        entity: 'weight_category',
        entity_id: id.normal,
        related_id: id.over,
        message: `${label.normal} and ${label.over} overlap from 79.3787 to 80 kg: a patient in that range matches both, and the safety check applies the rules of both.`,
      },
      {
        kind: 'weight_category_overlap',
        severity: 'warning',
        entity: 'weight_category',
        entity_id: id.over,
        related_id: id.obese,
        message: `${label.over} and ${label.obese} overlap from 221.5646 to 250 lbs: a patient in that range matches both, and the safety check applies the rules of both.`,
      },
      {
        kind: 'age_category_gap',
        severity: 'warning',
        entity: 'age_category',
        entity_id: id.neonate,
        related_id: id.infant,
        message: `No age category covers 28 days to 1 month (28 to 30.4375 days), between ${label.neonate} and ${label.infant}: the safety check cannot check a patient there.`,
      },
      {
        kind: 'age_category_gap',
        severity: 'warning',
        entity: 'age_category',
        entity_id: id.adult,
        message: `No age category covers 65 years to 130 years, above ${label.adult}: the safety check cannot check a patient there.`,
      },
      {
        kind: 'weight_category_gap',
        severity: 'warning',
        entity: 'weight_category',
        entity_id: id.obese,
        message: `No weight category covers 300 kg to 650 kg, above ${label.obese}: the safety check cannot check a patient there.`,
      },
      {
        kind: 'missing_weight_dosage',
        severity: 'warning',
        entity: 'medication',
        entity_id: id.weighty,
        medication_id: id.weighty,
        message:
          'Weighty is dosed by weight but has no weight-based dosage: the safety check cannot check its dose for any patient.',
      },
      {
        kind: 'missing_age_dosage',
        severity: 'warning',
        entity: 'medication',
        entity_id: id.agey,
        medication_id: id.agey,
        message:
          'Agey is dosed by age but has no age-based dosage: the safety check cannot check its dose for any patient.',
      },
      // Weighty has no weight dosage at all and Agey no dosage: reported above, not per category.
      coverage('fine', 'weight', 'normal'),
      coverage('fine', 'weight', 'over'),
      coverage('fine', 'weight', 'obese'),
      coverage('cleanAge', 'age', 'neonate'),
      coverage('cleanAge', 'age', 'child'),
      coverage('cleanAge', 'age', 'adolescent'),
      coverage('cleanAge', 'age', 'adult'),
      coverage('invertedAge', 'age', 'neonate'),
      coverage('invertedAge', 'age', 'infant'),
      coverage('invertedAge', 'age', 'adolescent'),
      coverage('invertedAge', 'age', 'adult'),
      coverage('invertedWeight', 'weight', 'light'),
      coverage('invertedWeight', 'weight', 'over'),
      coverage('invertedWeight', 'weight', 'obese'),
      {
        kind: 'duplicate_interaction',
        severity: 'warning',
        entity: 'drug_interaction',
        entity_id: id.i1Reversed,
        related_id: id.i1,
        medication_id: id.invertedWeight,
        message: `The interaction between Fine and Backward is stored twice, in both orders (#${id.i1} and #${id.i1Reversed}): the safety check reports it twice; delete one.`,
      },
      {
        kind: 'duplicate_interaction',
        severity: 'warning',
        entity: 'drug_interaction',
        entity_id: id.i2Again,
        related_id: id.i2,
        medication_id: id.weighty,
        message: `The interaction between Weighty and Upside is stored twice (#${id.i2} and #${id.i2Again}): the safety check reports it twice; delete one.`,
      },
      // ---- information ----
      {
        kind: 'age_category_overlap',
        severity: 'info',
        entity: 'age_category',
        entity_id: id.infant,
        related_id: id.child,
        message: `${label.infant} and ${label.child} share the bound 1 year: a patient of exactly that age matches both, and the safety check uses #${id.child}, which starts there.`,
      },
      {
        kind: 'age_category_overlap',
        severity: 'info',
        entity: 'age_category',
        entity_id: id.child,
        related_id: id.adolescent,
        message: `${label.child} and ${label.adolescent} share the bound 144 months: a patient of exactly that age matches both, and the safety check uses #${id.adolescent}, which starts there.`,
      },
      {
        kind: 'weight_category_overlap',
        severity: 'info',
        entity: 'weight_category',
        entity_id: id.light,
        related_id: id.normal,
        message: `${label.light} and ${label.normal} share the bound 49.8951607 kg: a patient of exactly that weight matches both, and the safety check uses #${id.normal}, which starts there.`,
      },
      {
        kind: 'missing_pregnancy_category',
        severity: 'info',
        entity: 'medication',
        entity_id: id.agey,
        medication_id: id.agey,
        message:
          'Agey has no pregnancy category: for a pregnant patient the safety check reports it as not checked.',
      },
    ]);
  });

  it('agrees with the safety check at a shared bound: exactly 12 months gets the category that starts there', async () => {
    const both = await created(
      api.post('/medication', {
        name: 'Bounded',
        condition_id: id.condition,
        is_dosage_weight_based: false,
        pregnancy_category: 'A',
        age_dosage: dosage({ age_category_id: id.infant }),
      }),
    );
    await created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage({ medication_id: both, age_category_id: id.child, min_dosage: 300 }),
      ),
    );
    const check = await api.post('/safety-check', {
      medication_ids: [both],
      patient: { age: 12, age_unit: 'months' },
    });
    expect(check.json().data.medications[0].rules).toMatchObject([{ category: { id: id.child } }]);
  });

  it('finds zero doses, g and mg mixed, names equal but for case and spaces, and category X without a pregnancy contraindication', async () => {
    const medication = (name: string, pregnancy: string | null, dosages: object[]) =>
      created(
        api.post('/medication', {
          name,
          condition_id: id.condition,
          is_dosage_weight_based: false,
          pregnancy_category: pregnancy,
          age_dosage: dosages[0],
        }),
      );
    const mixed = await medication('Mixed', 'B', [dosage({ age_category_id: id.child })]);
    // A second dosage in g beside the one in mg; a per-kg dose counts by its mass unit.
    await created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage({
          medication_id: mixed,
          age_category_id: id.infant,
          min_dosage: 0.1,
          max_dosage: 0.2,
          dosage_unit: 'g',
        }),
      ),
    );
    const perKg = await medication('Per kg', 'B', [
      dosage({ age_category_id: id.child, dosage_unit: 'mg/kg', min_dosage: 10, max_dosage: 15 }),
    ]);
    await created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage({ medication_id: perKg, age_category_id: id.infant, dosage_unit: 'mg' }),
      ),
    );
    const zero = await medication('Nothing', 'B', [dosage({ age_category_id: id.child })]);
    const { rows } = await t.pool.query<{ id: number }>(
      'UPDATE age_category_dosages SET min_dosage = 0 WHERE medication_id = $1 RETURNING id',
      [zero],
    );
    const zeroMax = await created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage({ medication_id: zero, age_category_id: id.infant }),
      ),
    );
    await t.pool.query(
      'UPDATE age_category_dosages SET min_dosage = 0, max_dosage = 0 WHERE id = $1',
      [zeroMax],
    );
    const first = await medication('Co Amoxiclav', 'B', [dosage({ age_category_id: id.child })]);
    const second = await medication('co amoxiclav', 'B', [dosage({ age_category_id: id.child })]);
    const third = await medication('CoAmoxiclav', 'B', [dosage({ age_category_id: id.child })]);
    const teratogen = await medication('Teratogen', 'X', [dosage({ age_category_id: id.child })]);
    const marked = await medication('Marked', 'X', [dosage({ age_category_id: id.child })]);
    const pregnancy = await created(api.post('/condition', { name: 'Pregnancy' }));
    await t.pool.query(
      'INSERT INTO medication_contraindications (medication_id, condition_id) VALUES ($1, $2)',
      [marked, pregnancy],
    );
    const kinds = [
      'zero_dose',
      'dosage_unit_mixed',
      'duplicate_medication_name',
      'pregnancy_x_without_contraindication',
    ];
    const child = `Pediatric #${id.child} (1 to 12 years)`;
    const infant = `Pediatric #${id.infant} (1 to 12 months)`;
    expect((await report()).filter((f) => kinds.includes(f.kind as string))).toEqual([
      {
        kind: 'zero_dose',
        severity: 'error',
        entity: 'age_dosage',
        entity_id: zeroMax,
        medication_id: zero,
        message: `Nothing, age-based dosage for ${infant}: both bounds are 0 mg (0 to 0 mg).`,
      },
      {
        kind: 'zero_dose',
        severity: 'warning',
        entity: 'age_dosage',
        entity_id: rows[0].id,
        medication_id: zero,
        message: `Nothing, age-based dosage for ${child}: the minimum is 0 mg (0 to 500 mg).`,
      },
      {
        kind: 'dosage_unit_mixed',
        severity: 'warning',
        entity: 'medication',
        entity_id: mixed,
        medication_id: mixed,
        message:
          "Mixed's dosages mix g, mg: a dose read in the wrong unit is off by a factor of 1,000.",
      },
      {
        kind: 'duplicate_medication_name',
        severity: 'warning',
        entity: 'medication',
        entity_id: second,
        related_id: first,
        medication_id: second,
        message: `"co amoxiclav" (#${second}) and "Co Amoxiclav" (#${first}) differ only in case or spaces: the same medication may be stored twice.`,
      },
      {
        kind: 'duplicate_medication_name',
        severity: 'warning',
        entity: 'medication',
        entity_id: third,
        related_id: first,
        medication_id: third,
        message: `"CoAmoxiclav" (#${third}) and "Co Amoxiclav" (#${first}) differ only in case or spaces: the same medication may be stored twice.`,
      },
      {
        kind: 'duplicate_medication_name',
        severity: 'warning',
        entity: 'medication',
        entity_id: third,
        related_id: second,
        medication_id: third,
        message: `"CoAmoxiclav" (#${third}) and "co amoxiclav" (#${second}) differ only in case or spaces: the same medication may be stored twice.`,
      },
      {
        kind: 'pregnancy_x_without_contraindication',
        severity: 'warning',
        entity: 'medication',
        entity_id: teratogen,
        medication_id: teratogen,
        message:
          'Teratogen is pregnancy category X but has no condition or lifestyle contraindication naming pregnancy.',
      },
    ]);
  });

  it('does not take a caution naming pregnancy for a contraindication of a category X medication', async () => {
    const cautioned = await created(
      api.post('/medication', {
        name: 'Cautioned teratogen',
        condition_id: id.condition,
        is_dosage_weight_based: false,
        pregnancy_category: 'X',
      }),
    );
    const planned = await created(api.post('/condition', { name: 'Planned pregnancy' }));
    const link = { medication_id: cautioned, condition_id: planned };
    const flagged = async () =>
      (await report()).filter(
        (f) => f.kind === 'pregnancy_x_without_contraindication' && f.entity_id === cautioned,
      );
    await created(api.put('/medication/add-contraindications', { ...link, level: 'caution' }));
    expect(await flagged()).toHaveLength(1);
    await created(
      api.put('/medication/add-contraindications', { ...link, level: 'contraindicated' }),
    );
    expect(await flagged()).toEqual([]);
    // The tests below expect the data as the ones above left it.
    await t.pool.query('DELETE FROM medications WHERE id = $1', [cautioned]);
    await t.pool.query('DELETE FROM conditions WHERE id = $1', [planned]);
  });

  it('finds the ages below the youngest category', async () => {
    await t.pool.query('DELETE FROM age_categories WHERE id = $1', [id.neonate]);
    const gaps = (await report()).filter((f) => f.kind === 'age_category_gap');
    expect(gaps[0]).toEqual({
      kind: 'age_category_gap',
      severity: 'warning',
      entity: 'age_category',
      entity_id: id.infant,
      message: `No age category covers 0 months to 1 month, below Pediatric #${id.infant} (1 to 12 months): the safety check cannot check a patient there.`,
    });
  });

  describe('one page of it, searched, filtered and sorted', () => {
    type Finding = Record<string, unknown> & { severity: string; message: string };
    let whole: Finding[];
    const page = async (query: string) => {
      const response = await api.get(`/data-quality?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json() as { data: Finding[]; meta: Record<string, number> };
    };
    beforeAll(async () => {
      whole = (await report()) as Finding[];
    });

    it('pages through the whole report in its order, counting every finding', async () => {
      expect(whole.length).toBeGreaterThan(10);
      const pages: Finding[] = [];
      for (let n = 1; n <= Math.ceil(whole.length / 4); n++) {
        const { data, meta } = await page(`page=${n}&page_size=4`);
        expect(meta).toEqual({ total: whole.length, page: n, page_size: 4 });
        pages.push(...data);
      }
      expect(pages).toEqual(whole);
      // Past the last page: no finding, the same total.
      expect(await page(`page=${pages.length + 1}&page_size=4`)).toEqual({
        data: [],
        meta: { total: whole.length, page: pages.length + 1, page_size: 4 },
      });
      // page_size alone: the first 25.
      expect((await page('page_size=25')).data).toEqual(whole.slice(0, 25));
    });

    it('filters by severity and kind, and searches every word of the message, case-insensitively', async () => {
      const warnings = await page('severity=warning&page_size=100');
      expect(warnings.data).toEqual(whole.filter((f) => f.severity === 'warning'));
      expect(warnings.meta.total).toBe(warnings.data.length);
      const gaps = await page('kind=coverage_gap&severity=warning&page_size=100');
      expect(gaps.data.length).toBeGreaterThan(0);
      expect(gaps.data).toEqual(whole.filter((f) => f.kind === 'coverage_gap'));
      expect((await page('kind=coverage_gap&severity=error')).meta.total).toBe(0);

      const searched = await page(`q=${encodeURIComponent('  SAFETY   cannot ')}&page_size=100`);
      const expected = whole.filter((f) => /safety/i.test(f.message) && /cannot/i.test(f.message));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(whole.length);
      expect(searched.data).toEqual(expected);
      expect(searched.meta.total).toBe(expected.length);
      expect((await page('q=no-finding-says-this')).meta.total).toBe(0);
    });

    it('sorts by severity, record or message, either way, ties in the report order', async () => {
      const rank = ['error', 'warning', 'info'];
      const position = (f: Finding) =>
        whole.findIndex((w) => JSON.stringify(w) === JSON.stringify(f));
      const byWhole = (a: Finding, b: Finding) => position(a) - position(b);
      const sorted = (compare: (a: Finding, b: Finding) => number) =>
        [...whole].sort((a, b) => compare(a, b) || byWhole(a, b));
      const severity = (a: Finding, b: Finding) =>
        rank.indexOf(a.severity) - rank.indexOf(b.severity);
      const record = (a: Finding, b: Finding) =>
        String(a.entity).localeCompare(String(b.entity)) ||
        Number(a.entity_id) - Number(b.entity_id);
      const message = (a: Finding, b: Finding) => {
        const [x, y] = [a.message.toLowerCase(), b.message.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : 0;
      };
      const cases: [string, (a: Finding, b: Finding) => number][] = [
        ['severity', severity],
        ['-severity', (a, b) => severity(b, a)],
        ['record', record],
        ['-record', (a, b) => record(b, a)],
        ['message', message],
        ['-message', (a, b) => message(b, a)],
      ];
      for (const [sort, compare] of cases) {
        const { data } = await page(`sort=${sort}&page_size=100`);
        expect({ sort, positions: data.map(position) }).toEqual({
          sort,
          positions: sorted(compare).map(position),
        });
      }
    });

    it('exports every match as CSV, in the asked order, not one page', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/data-quality?format=csv&severity=warning&sort=-record&page=2&page_size=1',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const day = new Date().toISOString().slice(0, 10);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="data-quality-${day}.csv"`,
      );
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        '"severity","kind","entity","entity_id","related_id","medication_id","message"',
      );
      const { data } = await page('severity=warning&sort=-record&page_size=100');
      expect(lines.length - 1).toBe(data.length);
      const first = data[0];
      // Texts quoted (quotes doubled), ids as numbers, none as an empty field.
      const text = (value: unknown) => `"${String(value).replace(/"/g, '""')}"`;
      expect(lines[1]).toBe(
        [
          '"warning"',
          text(first.kind),
          text(first.entity),
          first.entity_id,
          first.related_id ?? '',
          first.medication_id ?? '',
          text(first.message),
        ].join(','),
      );
    });

    it('refuses parameters outside the contract with 422 and a message', async () => {
      for (const query of [
        'page_size=101',
        'page=0',
        'severity=fatal',
        'kind=typo',
        'sort=kind',
        'format=xml',
        `q=${'x'.repeat(201)}`,
        'q=bad%00byte',
      ]) {
        const response = await api.get(`/data-quality?${query}`);
        expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
        expect(typeof response.json().message).toBe('string');
      }
    });
  });

  it('summarises the report by severity, and again after any change to the reference data', async () => {
    const counts = async () => {
      const findings = await report();
      const bySeverity = (severity: string) => findings.filter((f) => f.severity === severity);
      return {
        total: findings.length,
        error: bySeverity('error').length,
        warning: bySeverity('warning').length,
        info: bySeverity('info').length,
      };
    };
    const summary = async () => {
      const response = await api.get('/data-quality/summary');
      expect(response.statusCode).toBe(200);
      return response.json().data;
    };
    const before = await counts();
    expect(before.error).toBeGreaterThan(0);
    expect(await summary()).toEqual(before);
    // A write the API refuses, as an import would make it: the kept summary is read again.
    await t.pool.query('UPDATE age_category_dosages SET min_dosage = 0, max_dosage = 0');
    const after = await counts();
    expect(after).not.toEqual(before);
    expect(await summary()).toEqual(after);
  });

  it('exports a message a spreadsheet would run as a formula with a quote first', async () => {
    // A name the API's validation lets through: only its first letter makes it a formula.
    await t.pool.query(`UPDATE medications SET name = '=HYPERLINK(1)' WHERE name = 'Agey'`);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data-quality?format=csv&kind=missing_pregnancy_category',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.body).toContain(`,"'=HYPERLINK(1) has no pregnancy category: `);
  });
});

describe('classes, ingredients and children', () => {
  const kinds = (findings: Record<string, unknown>[], kind: string) =>
    findings.filter((f) => f.kind === kind).map((f) => [f.entity_id, f.message]);
  let condition: number;
  const medication = (name: string, extra: Record<string, unknown> = {}) =>
    created(
      api.post('/medication', {
        name,
        condition_id: condition,
        is_dosage_weight_based: false,
        pregnancy_category: 'B',
        ...extra,
      }),
    );
  beforeAll(async () => {
    condition = await created(api.post('/condition', { name: 'Pain and more' }));
  });

  it('finds a stored pair of a lower severity than the class rule it falls under', async () => {
    const ssri = await medication('Citalopram');
    const nsaid = await medication('Naproxen');
    const ssris = await created(api.post('/drug-class', { name: 'SSRIs' }));
    const nsaids = await created(api.post('/drug-class', { name: 'NSAIDs' }));
    await api.post('/drug-class/member', { drug_class_id: ssris, medication_id: ssri });
    await api.post('/drug-class/member', { drug_class_id: nsaids, medication_id: nsaid });
    const rule = await created(
      api.post('/class-rule', {
        kind: 'interaction',
        drug_class_id: ssris,
        other_class_id: nsaids,
        severity: 'major',
        description: 'Bleeding.',
      }),
    );
    const pair = await created(
      api.post('/drug-interaction', {
        medication_id: nsaid,
        interacting_medication_id: ssri,
        severity: 'minor',
        description: 'Stored long ago.',
      }),
    );
    const found = (await report()).filter((f) => f.kind === 'class_rule_contradicted');
    expect(found).toEqual([
      {
        kind: 'class_rule_contradicted',
        severity: 'warning',
        entity: 'drug_interaction',
        entity_id: pair,
        related_id: rule,
        medication_id: nsaid,
        message:
          'Naproxen + Citalopram is stored as minor, below the class rule SSRIs with NSAIDs (major): the stored pair overrides the class rule, so the safety check says minor.',
      },
    ]);
    // At the rule's severity or above, the pair says nothing the rule would not.
    await api.put('/drug-interaction', { id: pair, severity: 'major', description: 'Now agreed.' });
    expect(kinds(await report(), 'class_rule_contradicted')).toEqual([]);
  });

  it('finds a combination product with an ingredient of no stated strength, and not a single-ingredient one', async () => {
    const product = await medication('Co-dydramol');
    const single = await medication('Dihydrocodeine');
    const paracetamol = await created(api.post('/ingredient', { name: 'Paracetamol (test)' }));
    await api.post('/ingredient/medication', {
      medication_id: product,
      ingredient_id: paracetamol,
      amount: 500,
      amount_unit: 'mg',
      per_unit: 'tablet',
    });
    expect(kinds(await report(), 'missing_strength')).toEqual([
      [
        product,
        "Co-dydramol contains several ingredients and no strength of Co-dydramol: a dose in tablets, capsules or ml cannot be converted, nor its ingredients added to the day's totals.",
      ],
    ]);
    expect(kinds(await report(), 'missing_strength').map(([id]) => id)).not.toContain(single);
  });

  it('finds a medication with no rule for children where the data has rules for children, unless a minimum age says it is not for them', async () => {
    const child = await age(2, 12, 'years', 'Pediatric');
    const adult = await age(18, 65, 'years', 'Adult');
    const forChildren = await medication('Childsafe', {
      age_dosage: dosage({ age_category_id: child }),
    });
    const adultsOnly = await medication('Grownup', {
      age_dosage: dosage({ age_category_id: adult }),
    });
    const limited = await medication('Limited', {
      age_dosage: dosage({ age_category_id: adult }),
    });
    await api.put('/medication/update-medication', {
      id: limited,
      name: 'Limited',
      age_limit: { min_age: 18, max_age: null, unit: 'years', severity: 'contraindicated' },
    });
    const flagged = kinds(await report(), 'no_child_rule').map(([id]) => id);
    expect(flagged).toContain(adultsOnly);
    expect(flagged).not.toContain(forChildren);
    expect(flagged).not.toContain(limited);
  });
});
