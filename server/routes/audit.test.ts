import { COUNT_LIMITS, listEntries } from '../repositories/audit/search';
import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * The change history at the API: every create, update and delete of the reference data writes
 * one entry in the same transaction (who, what, field by field, why); a write that fails writes
 * none; and each kind of entry can be reverted, once, unless the record changed since.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: { id: number; name: string };

interface Entry {
  id: number;
  at: string;
  actor: { id: number; name: string };
  action: string;
  entity: string;
  entity_id: number;
  label: string;
  changes: Record<string, { from?: unknown; to?: unknown }>;
  reason: string | null;
  reverts: number | null;
  reverted_by: number | null;
}

const dosage = {
  min_dosage: 5,
  max_dosage: 10,
  dosage_unit: 'mg',
  min_frequency: 1,
  max_frequency: 3,
  frequency_unit: 'days',
  min_duration: 1,
  max_duration: 7,
  duration_unit: 'days',
};

/** The newest entries about one record, newest first. */
async function entriesOf(entity: string, id: number): Promise<Entry[]> {
  const response = await api.get(`/audit?entity=${entity}&entity_id=${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}
async function latest(entity: string, id: number): Promise<Entry> {
  return (await entriesOf(entity, id))[0];
}
/** Every entry, stored or still in the inbox one-statement writes fill (see `refuseEntries`). */
const entryCount = () => countRows(t.pool, 'audit_log');

/**
 * Makes the history refuse entries matching `check` (SQL, false for a refused entry) for the length
 * of `work`, wherever a write puts its entry: audit_entries, or the inbox of one-statement writes.
 */
async function refuseEntries(check: string, work: () => Promise<void>) {
  const tables = ['audit_entries', 'audit_inbox'];
  for (const table of tables)
    await t.pool.query(
      `ALTER TABLE ${table} ADD CONSTRAINT test_refuses CHECK (${check}) NOT VALID`,
    );
  try {
    await work();
  } finally {
    for (const table of tables)
      await t.pool.query(`ALTER TABLE ${table} DROP CONSTRAINT test_refuses`);
  }
}

async function created(url: string, body: object): Promise<number> {
  const response = await api.post(url, body);
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

async function newCondition(name = unique('Condition')) {
  return created('/condition', { name });
}
async function newMedication(name = unique('Medication'), extra: object = {}) {
  return created('/medication', {
    name,
    condition_id: await newCondition(),
    is_dosage_weight_based: false,
    ...extra,
  });
}
async function revert(id: number, reason?: string) {
  return api.post(`/audit/${id}/revert`, reason === undefined ? {} : { reason });
}

beforeAll(async () => {
  // The totals asserted below are exact counts: on a busy test machine a count can outlast the
  // 20 ms that production gives it before the estimate answers (that fallback is tested apart,
  // with limits of its own).
  COUNT_LIMITS.budgetMs = 10_000;
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const me = (await api.get('/auth/me')).json().data;
  admin = { id: me.id, name: me.name };
});
afterAll(() => t.close());

// ---------- each entity: its create, update and delete write the right entry ----------

interface EntityCase {
  entity: string;
  /** Creates the record (answers its id and the label its entries carry). */
  create(reason: string): Promise<{ id: number; label: string }>;
  /** Changes one field; answers that field's name and values as stored. */
  update?(id: number, reason: string): Promise<{ field: string; from: unknown; to: unknown }>;
  remove?(id: number, reason: string): Promise<void>;
}

const expectStatus = async (call: Promise<{ statusCode: number; body: string }>, status: number) =>
  expect(await call.then((r) => [r.statusCode, r.body])).toEqual([status, expect.any(String)]);

const CASES: EntityCase[] = [
  {
    entity: 'condition',
    async create(reason) {
      const name = unique('Asthma');
      return { id: await created('/condition', { name, reason }), label: name };
    },
    async update(id, reason) {
      const from = (await api.get(`/condition/${id}`)).json().data.name;
      await expectStatus(api.put('/condition', { id, name: `${from} (chronic)`, reason }), 200);
      return { field: 'name', from, to: `${from} (chronic)` };
    },
    async remove(id, reason) {
      await expectStatus(api.delete(`/condition/${id}`, { reason }), 200);
    },
  },
  {
    entity: 'age_category',
    async create(reason) {
      const body = { minimum_age: 0, maximum_age: 12, unit: 'years', category: 'Pediatric' };
      return {
        id: await created('/age-category', { ...body, reason }),
        label: 'Pediatric 0-12 years',
      };
    },
    async update(id, reason) {
      const body = { id, minimum_age: 0, maximum_age: 11, unit: 'years', category: 'Pediatric' };
      await expectStatus(api.put('/age-category', { ...body, reason }), 200);
      return { field: 'max_age', from: 12, to: 11 };
    },
    async remove(id, reason) {
      await expectStatus(api.delete(`/age-category/${id}`, { reason }), 200);
    },
  },
  {
    entity: 'weight_category',
    async create(reason) {
      const body = { minimum_weight: 50, maximum_weight: 80, unit: 'kg', category: 'Normal' };
      return {
        id: await created('/weight-category', { ...body, reason }),
        label: 'Normal 50-80 kg',
      };
    },
    async update(id, reason) {
      const body = { id, minimum_weight: 50, maximum_weight: 80, unit: 'lbs', category: 'Normal' };
      await expectStatus(api.put('/weight-category', { ...body, reason }), 200);
      return { field: 'weight_unit', from: 'kg', to: 'lbs' };
    },
    async remove(id, reason) {
      await expectStatus(api.delete(`/weight-category/${id}`, { reason }), 200);
    },
  },
  {
    entity: 'medication',
    async create(reason) {
      const name = unique('Warfarin');
      return {
        id: await created('/medication', {
          name,
          condition_id: await newCondition(),
          is_dosage_weight_based: false,
          reason,
        }),
        label: name,
      };
    },
    async update(id, reason) {
      const name = (await api.get(`/medication/${id}`)).json().data.name;
      const body = { id, name, pregnancy_category: 'X', reason };
      await expectStatus(api.put('/medication/update-medication', body), 200);
      return { field: 'pregnancy_category', from: null, to: 'X' };
    },
    async remove(id, reason) {
      await expectStatus(api.delete(`/medications/${id}`, { reason }), 200);
    },
  },
  {
    entity: 'weight_dosage',
    async create(reason) {
      const name = unique('Paracetamol');
      const medication_id = await newMedication(name);
      const weight_category_id = await created('/weight-category', {
        minimum_weight: 10,
        maximum_weight: 20,
        unit: 'kg',
        category: 'Underweight',
      });
      const id = await created('/medication/add-weight-based-dosage', {
        medication_id,
        weight_category_id,
        ...dosage,
        reason,
      });
      return { id, label: `${name} · Underweight 10-20 kg` };
    },
    async update(id, reason) {
      const body = { id, ...dosage, max_dosage: 12, reason };
      await expectStatus(api.put('/medication/update-weight-based-dosage', body), 200);
      return { field: 'max_dosage', from: 10, to: 12 };
    },
  },
  {
    entity: 'age_dosage',
    async create(reason) {
      const name = unique('Amoxicillin');
      const medication_id = await newMedication(name);
      const age_category_id = await created('/age-category', {
        minimum_age: 18,
        maximum_age: 65,
        unit: 'years',
        category: 'Adult',
      });
      const id = await created('/medication/add-age-based-dosage', {
        medication_id,
        age_category_id,
        ...dosage,
        reason,
      });
      return { id, label: `${name} · Adult 18-65 years` };
    },
    async update(id, reason) {
      const body = { id, ...dosage, dosage_unit: 'mcg', reason };
      await expectStatus(api.put('/medication/update-age-based-dosage', body), 200);
      return { field: 'dosage_unit', from: 'mg', to: 'mcg' };
    },
  },
  {
    entity: 'contraindication',
    async create(reason) {
      const name = unique('Ibuprofen');
      const medication_id = await newMedication(name);
      const conditionName = unique('Peptic ulcer');
      const condition_id = await newCondition(conditionName);
      const body = { medication_id, condition_id, reason };
      await expectStatus(api.put('/medication/add-contraindications', body), 200);
      const { rows } = await t.pool.query(
        'SELECT id FROM medication_contraindications WHERE medication_id = $1 AND condition_id = $2',
        [medication_id, condition_id],
      );
      return { id: rows[0].id, label: `${name} · ${conditionName}` };
    },
    async remove(id, reason) {
      const { rows } = await t.pool.query(
        'SELECT medication_id, condition_id FROM medication_contraindications WHERE id = $1',
        [id],
      );
      await expectStatus(
        api.delete('/medication/remove-contraindication', { ...rows[0], reason }),
        200,
      );
    },
  },
  {
    entity: 'lifestyle_contraindication',
    async create(reason) {
      const name = unique('Metronidazole');
      const medication_id = await newMedication(name);
      const lifestyle = unique('Alcohol');
      const lifestyle_id = await created('/lifestyle', { name: lifestyle });
      const id = await created('/lifestyle-contraindication', {
        medication_id,
        lifestyle_id,
        reason,
      });
      return { id, label: `${name} · ${lifestyle}` };
    },
    async remove(id, reason) {
      await expectStatus(api.delete('/lifestyle-contraindication', { id, reason }), 200);
    },
  },
  {
    entity: 'drug_interaction',
    async create(reason) {
      const first = unique('Warfarin');
      const second = unique('Aspirin');
      const id = await created('/drug-interaction', {
        medication_id: await newMedication(first),
        interacting_medication_id: await newMedication(second),
        severity: 'moderate',
        description: 'Bleeding risk',
        reason,
      });
      return { id, label: `${first} + ${second}` };
    },
    async update(id, reason) {
      const body = { id, severity: 'major', description: 'Bleeding risk', reason };
      await expectStatus(api.put('/drug-interaction', body), 200);
      return { field: 'severity', from: 'moderate', to: 'major' };
    },
    async remove(id, reason) {
      await expectStatus(api.delete('/drug-interaction', { id, reason }), 200);
    },
  },
  {
    entity: 'lifestyle',
    async create(reason) {
      const name = unique('Smoking');
      return { id: await created('/lifestyle', { name, reason }), label: name };
    },
    async update(id, reason) {
      const from = (await api.get(`/lifestyle/${id}`)).json().data.name;
      await expectStatus(api.put('/lifestyle', { id, name: `${from}!`, reason }), 200);
      return { field: 'name', from, to: `${from}!` };
    },
    async remove(id, reason) {
      await expectStatus(api.delete('/lifestyle', { id, reason }), 200);
    },
  },
  {
    entity: 'drug',
    async create(reason) {
      const name = unique('Cetirizine');
      const body = {
        name,
        description: 'Antihistamine',
        dosage: '10 mg daily',
        side_effects: ['Drowsiness'],
        contraindications: ['Renal failure'],
        category: 'Antihistamine',
        manufacturer: 'Example Pharma',
      };
      return { id: await created('/drug', { ...body, reason }), label: name };
    },
    async update(id, reason) {
      const {
        created_at: _c,
        updated_at: _u,
        ...drug
      } = (await api.get(`/drug/${id}`)).json().data;
      const body = { ...drug, side_effects: ['Drowsiness', 'Dry mouth'], reason };
      await expectStatus(api.put('/drug', body), 200);
      return { field: 'side_effects', from: ['Drowsiness'], to: ['Drowsiness', 'Dry mouth'] };
    },
    async remove(id, reason) {
      await expectStatus(api.delete(`/drug/${id}`, { reason }), 200);
    },
  },
];

describe.each(CASES)('$entity', ({ entity, create, update, remove }) => {
  let id: number;
  let label: string;
  let afterCreate: Record<string, unknown>;

  it('records a create with every stored field as `to`, the actor, the label and the reason', async () => {
    const before = await entryCount();
    ({ id, label } = await create('New in the formulary'));
    const entry = await latest(entity, id);
    expect(entry).toMatchObject({
      actor: admin,
      action: 'create',
      entity,
      entity_id: id,
      label,
      reason: 'New in the formulary',
      reverts: null,
      reverted_by: null,
    });
    expect(entry.changes.id).toEqual({ to: id });
    for (const change of Object.values(entry.changes)) {
      expect(Object.keys(change)).toEqual(['to']);
    }
    afterCreate = Object.fromEntries(Object.entries(entry.changes).map(([f, c]) => [f, c.to]));
    // The create writes its own entry and, for those set up first, theirs: at least one.
    expect(await entryCount()).toBeGreaterThan(before);
    expect(await api.get(`/audit/${entry.id}`).then((r) => r.json().data)).toEqual(entry);
  });

  if (update) {
    it('records an update with only the changed field, from and to', async () => {
      const change = await update(id, 'Per the new guideline');
      const entry = await latest(entity, id);
      expect(entry).toMatchObject({
        action: 'update',
        entity_id: id,
        reason: 'Per the new guideline',
      });
      expect(entry.changes).toEqual({ [change.field]: { from: change.from, to: change.to } });
    });
  }

  if (remove) {
    it('records a delete with the whole record as `from`', async () => {
      const current = await latest(entity, id);
      await remove(id, 'Withdrawn');
      const entry = await latest(entity, id);
      expect(entry).toMatchObject({ action: 'delete', entity_id: id, reason: 'Withdrawn' });
      expect(entry.id).toBeGreaterThan(current.id);
      for (const change of Object.values(entry.changes)) {
        expect(Object.keys(change)).toEqual(['from']);
      }
      const stored = Object.fromEntries(Object.entries(entry.changes).map(([f, c]) => [f, c.from]));
      expect(Object.keys(stored).sort()).toEqual(Object.keys(afterCreate).sort());
    });
  }
});

// ---------- a write that fails leaves no entry ----------

describe('a failed write', () => {
  it('writes no entry for a duplicate name (refused inside the transaction)', async () => {
    const name = unique('Gout');
    await newCondition(name);
    const before = await entryCount();
    const response = await api.post('/condition', { name, reason: 'Again' });
    expect(response.statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
  });

  it('writes no entry, and keeps the record, for a delete refused because a medication uses it', async () => {
    const medication = await newMedication();
    const { condition_id } = (await api.get(`/medication/${medication}`)).json().data;
    const before = await entryCount();
    const response = await api.delete(`/condition/${condition_id}`, { reason: 'Tidy up' });
    expect(response.statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
    expect(await countRows(t.pool, 'conditions WHERE id = $1', [condition_id])).toBe(1);
  });

  it('writes no entry for an update of an unknown record, or one that changes nothing', async () => {
    const id = await newCondition('Unchanged');
    const before = await entryCount();
    expect((await api.put('/condition', { id: 2147483000, name: 'X' })).statusCode).toBe(404);
    expect((await api.put('/condition', { id, name: 'Unchanged' })).statusCode).toBe(200);
    expect(await entryCount()).toBe(before);
  });

  it('stores neither the change nor the entry when the entry cannot be stored', async () => {
    // The history refuses one label for the length of this test: the write must go with it.
    await refuseEntries("label <> 'Poison pill'", async () => {
      const before = await entryCount();
      const response = await api.post('/condition', { name: 'Poison pill' });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await countRows(t.pool, "conditions WHERE name = 'Poison pill'")).toBe(0);
      expect(await entryCount()).toBe(before);
    });
  });

  it('stores no create, update or delete written with its entry in one statement when the entry cannot be stored', async () => {
    const drug = {
      name: unique('Loratadine'),
      description: 'Antihistamine',
      dosage: '10 mg daily',
      side_effects: ['Headache'],
      contraindications: ['Renal failure'],
      category: 'Antihistamine',
      manufacturer: 'Example Pharma',
    };
    const id = await created('/drug', drug);
    const stored = (await api.get(`/drug/${id}`)).json().data;
    // The history refuses one reason for the length of this test: each write must go with it.
    await refuseEntries("reason <> 'Poison pill'", async () => {
      const before = await entryCount();
      const reason = 'Poison pill';
      const refused = [
        await api.post('/drug', { ...drug, name: 'Never stored', reason }),
        await api.put('/drug', { ...drug, id, name: 'Never renamed', reason }),
        await api.delete(`/drug/${id}`, { reason }),
      ];
      for (const response of refused) expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await countRows(t.pool, "drugs WHERE name = 'Never stored'")).toBe(0);
      expect((await api.get(`/drug/${id}`)).json().data).toEqual(stored);
      expect(await entryCount()).toBe(before);
    });
  });

  it('records concurrent updates of one record as a chain: each entry starts where the one before ended', async () => {
    const id = await newCondition();
    const names = Array.from({ length: 8 }, () => unique('Renamed'));
    const answers = await Promise.all(names.map((name) => api.put('/condition', { id, name })));
    expect(answers.map((r) => r.statusCode)).toEqual(names.map(() => 200));
    // In the order they were written (`at` is each transaction's start, which may come first
    // for a write that then waited on the record's lock).
    const chain = (await entriesOf('condition', id)).sort((x, y) => x.id - y.id);
    expect(chain.map((e) => e.action)).toEqual(['create', ...names.map(() => 'update')]);
    for (let i = 1; i < chain.length; i++) {
      expect(chain[i].changes.name.from).toBe(chain[i - 1].changes.name.to);
    }
    expect(new Set(chain.slice(1).map((e) => e.changes.name.to))).toEqual(new Set(names));
    const { name } = (await api.get(`/condition/${id}`)).json().data;
    expect(chain.at(-1)?.changes.name.to).toBe(name);
  });

  it('accepts a write without a reason (existing clients), and a blank reason is none', async () => {
    const id = await created('/condition', { name: unique('No reason') });
    expect((await latest('condition', id)).reason).toBeNull();
    await api.put('/condition', { id, name: unique('Blank reason'), reason: '   ' });
    expect((await latest('condition', id)).reason).toBeNull();
    expect((await api.delete(`/condition/${id}`)).statusCode).toBe(200);
    expect((await latest('condition', id)).action).toBe('delete');
  });
});

// ---------- reverts ----------

describe('POST /audit/{id}/revert', () => {
  it('undoes an update: the fields are back, the list follows, and the revert is an entry of its own', async () => {
    const id = await newCondition('Hypertension');
    expect((await api.get('/condition')).json().data).toContainEqual(
      expect.objectContaining({ id, name: 'Hypertension' }),
    );
    await api.put('/condition', { id, name: 'Hypertensoin', description: 'Typo' });
    const mistake = await latest('condition', id);

    const response = await revert(mistake.id, 'Typo in the name');
    expect(response.statusCode).toBe(201);
    const undo: Entry = response.json().data;
    expect(undo).toMatchObject({
      action: 'revert',
      entity: 'condition',
      entity_id: id,
      reverts: mistake.id,
      reason: 'Typo in the name',
      actor: admin,
      changes: {
        name: { from: 'Hypertensoin', to: 'Hypertension' },
        description: { from: 'Typo', to: null },
      },
    });
    expect((await api.get(`/condition/${id}`)).json().data).toEqual({
      id,
      name: 'Hypertension',
      description: null,
      affects_kidney_function: false,
      codes: [],
    });
    // The cached list moved with the revert (table versions move on every write).
    expect((await api.get('/condition')).json().data).toContainEqual({
      id,
      name: 'Hypertension',
      description: null,
      affects_kidney_function: false,
      codes: [],
    });
    expect((await api.get(`/audit/${mistake.id}`)).json().data.reverted_by).toBe(undo.id);
  });

  it('answers 409 naming the later entry when the record changed after the entry, and changes nothing', async () => {
    const id = await created('/drug-interaction', {
      medication_id: await newMedication(),
      interacting_medication_id: await newMedication(),
      severity: 'minor',
      description: 'x',
    });
    await api.put('/drug-interaction', { id, severity: 'moderate', description: 'x' });
    const first = await latest('drug_interaction', id);
    await api.put('/drug-interaction', { id, severity: 'major', description: 'x' });
    const later = await latest('drug_interaction', id);
    const before = await entryCount();

    const response = await revert(first.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(`entry #${later.id}`);
    expect((await api.get(`/drug-interaction/${id}`)).json().data.severity).toBe('major');
    expect(await entryCount()).toBe(before);

    // Undoing the later one first, then the first, walks the record back.
    expect((await revert(later.id)).statusCode).toBe(201);
    expect((await api.get(`/drug-interaction/${id}`)).json().data.severity).toBe('moderate');
  });

  it('answers 409 for an entry already reverted, and for a record deleted since', async () => {
    const id = await newCondition();
    await api.put('/condition', { id, name: unique('Renamed') });
    const update = await latest('condition', id);
    expect((await revert(update.id)).statusCode).toBe(201);
    const again = await revert(update.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reverted/);

    const other = await newCondition();
    await api.put('/condition', { id: other, name: unique('Renamed') });
    const renamed = await latest('condition', other);
    await api.delete(`/condition/${other}`);
    const deleted = await latest('condition', other);
    const gone = await revert(renamed.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toContain(`entry #${deleted.id}`);
  });

  it('undoes a create by deleting the record, under the usual 409 when something uses it', async () => {
    const free = await newCondition();
    const createdFree = await latest('condition', free);
    expect((await revert(createdFree.id)).statusCode).toBe(201);
    expect(await countRows(t.pool, 'conditions WHERE id = $1', [free])).toBe(0);
    expect(await latest('condition', free)).toMatchObject({
      action: 'revert',
      reverts: createdFree.id,
      changes: { id: { from: free } },
    });

    const used = await newCondition();
    const createdUsed = await latest('condition', used);
    await newMedication(unique('User'), { contraindications: [used] });
    const refused = await revert(createdUsed.id);
    expect(refused.statusCode).toBe(409);
    expect(await countRows(t.pool, 'conditions WHERE id = $1', [used])).toBe(1);
  });

  it('undoes a medication delete: it comes back with its id, dosages, contraindications, interactions, classes, strengths and renal rules', async () => {
    const contraindication = await newCondition(unique('Liver disease'));
    const weightCategory = await created('/weight-category', {
      minimum_weight: 40,
      maximum_weight: 90,
      unit: 'kg',
      category: 'Normal',
    });
    const id = await created('/medication', {
      name: unique('Warfarin'),
      condition_id: await newCondition(),
      is_dosage_weight_based: true,
      avg_weight_dosage: 0.1,
      pregnancy_category: 'X',
      contraindications: [contraindication],
      weight_dosage: { weight_category_id: weightCategory, ...dosage },
    });
    const lifestyle = await created('/lifestyle', { name: unique('Grapefruit') });
    await created('/lifestyle-contraindication', { medication_id: id, lifestyle_id: lifestyle });
    const partners = [await newMedication(unique('Ibuprofen')), await newMedication()];
    const interactionIds = [
      await created('/drug-interaction', {
        medication_id: id,
        interacting_medication_id: partners[0],
        severity: 'major',
        description: 'Bleeding',
      }),
      await created('/drug-interaction', {
        medication_id: partners[1],
        interacting_medication_id: id,
        severity: 'minor',
        description: 'Minor',
        is_allergen: true,
      }),
    ];
    // Its class memberships, strengths, renal rules and the class rules naming it go too.
    const statins = await created('/drug-class', { name: unique('Statins') });
    await created('/drug-class/member', { drug_class_id: statins, medication_id: id });
    const anticoagulants = await created('/drug-class', { name: unique('Anticoagulants') });
    const classRule = await created('/class-rule', {
      kind: 'interaction',
      drug_class_id: anticoagulants,
      other_medication_id: id,
      severity: 'major',
      description: 'Bleeding',
    });
    const ingredient = await created('/ingredient', { name: unique('Warfarin sodium') });
    await created('/ingredient/medication', {
      medication_id: id,
      ingredient_id: ingredient,
      amount: 5,
      amount_unit: 'mg',
      per_unit: 'tablet',
    });
    const g4 = await created('/renal-category', {
      minimum_egfr: 15,
      maximum_egfr: 29,
      category: 'G4',
    });
    await created('/renal-rule', { medication_id: id, renal_category_id: g4, avoid: true });
    const readAll = async () => ({
      medication: (await api.get(`/medication/${id}`)).json().data,
      interactions: await Promise.all(
        interactionIds.map(async (i) => (await api.get(`/drug-interaction/${i}`)).json().data),
      ),
      statins: (await api.get(`/drug-class/${statins}`)).json().data,
      classRule: (await api.get(`/class-rule/${classRule}`)).json().data,
      ingredient: (await api.get(`/ingredient/${ingredient}`)).json().data,
      renalRules: (await api.get(`/renal-rule?medication_id=${id}`)).json().data,
    });
    const before = await readAll();
    expect(before.renalRules).toHaveLength(1);

    // The confirm dialog's preview: what goes with it, counted and named.
    const preview = (await api.get(`/medications/${id}/dependents`)).json().data;
    expect(preview).toMatchObject({
      id,
      weight_dosages: { total: 1, items: [{ name: 'Normal 40-90 kg', detail: '5-10 mg' }] },
      contraindications: { total: 1, items: [{ id: expect.any(Number) }] },
      lifestyle_contraindications: { total: 1 },
      interactions: { total: 2 },
      drug_classes: {
        total: 1,
        items: [{ name: expect.stringMatching(/^Statins/), detail: null }],
      },
      // A new medication contains an ingredient of its own name, with no strength given.
      ingredients: {
        total: 2,
        items: [
          { name: before.medication.name, detail: null },
          { name: expect.stringMatching(/^Warfarin sodium/), detail: '5 mg per tablet' },
        ],
      },
      renal_rules: { total: 1, items: [{ name: 'G4 15-29 mL/min/1.73m2', detail: 'avoid' }] },
      class_rules: {
        total: 1,
        items: [{ name: expect.stringMatching(/^Anticoagulants/), detail: 'major' }],
      },
    });
    expect(
      (await api.get(`/medications/${id}/dependents?limit=1`)).json().data.interactions,
    ).toMatchObject({ total: 2, items: [expect.objectContaining({ detail: expect.any(String) })] });

    expect((await api.delete(`/medications/${id}`, { reason: 'Duplicate' })).statusCode).toBe(200);
    const deletion = await latest('medication', id);
    expect(deletion.changes.weight_category_dosages.from).toHaveLength(1);
    expect(deletion.changes.medication_contraindications.from).toHaveLength(1);
    expect(deletion.changes.lifestyle_contraindications.from).toHaveLength(1);
    expect(deletion.changes.drug_interactions.from).toHaveLength(2);
    expect(await countRows(t.pool, 'drug_interactions WHERE id = ANY($1)', [interactionIds])).toBe(
      0,
    );

    const response = await revert(deletion.id, 'Deleted by mistake');
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      action: 'revert',
      entity: 'medication',
      entity_id: id,
      reverts: deletion.id,
    });
    expect(await readAll()).toEqual(before);
    expect((await api.get('/medication')).json().data).toContainEqual(before.medication);

    // The medication's own history holds the entries of everything written about it.
    const history = (await api.get(`/audit?medication_id=${id}&page_size=100`)).json();
    expect(new Set(history.data.map((e: Entry) => e.entity))).toEqual(
      new Set([
        'medication',
        'lifestyle_contraindication',
        'drug_interaction',
        'class_member',
        'class_rule',
        'medication_ingredient',
        'renal_rule',
      ]),
    );
  });

  it('undoes a revert (redo), and answers 404 for an unknown entry', async () => {
    const id = await newCondition('Diabetes');
    await api.put('/condition', { id, name: 'Diabetes mellitus' });
    const update = await latest('condition', id);
    const undo: Entry = (await revert(update.id)).json().data;
    expect((await api.get(`/condition/${id}`)).json().data.name).toBe('Diabetes');
    const redo = await revert(undo.id);
    expect(redo.statusCode).toBe(201);
    expect((await api.get(`/condition/${id}`)).json().data.name).toBe('Diabetes mellitus');
    expect((await revert(2147483000)).statusCode).toBe(404);
  });

  it('lets one of two concurrent reverts of an entry through', async () => {
    const id = await newCondition();
    await api.put('/condition', { id, name: unique('Concurrent') });
    const update = await latest('condition', id);
    const answers = await Promise.all([revert(update.id), revert(update.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows(t.pool, 'audit_entries WHERE reverts = $1', [update.id])).toBe(1);
  });
});

// ---------- GET /audit: filters, sort and paging on the server ----------

describe('GET /audit', () => {
  it('filters by entity, action, actor, time and words of the label or reason, newest first, with the total', async () => {
    const name = unique('Searchable zebra');
    const id = await created('/lifestyle', { name, reason: 'Quagga study' });
    await api.put('/lifestyle', { id, name: `${name}!`, reason: 'Zebra rename' });

    const byWords = (await api.get(`/audit?q=${encodeURIComponent('zebra rename')}`)).json();
    expect(byWords.meta).toEqual({
      total: 1,
      total_is_estimate: false,
      has_more: false,
      page: 1,
      page_size: 25,
    });
    expect(byWords.data[0]).toMatchObject({ entity_id: id, action: 'update' });
    expect((await api.get('/audit?q=quagga')).json().data).toEqual([
      expect.objectContaining({ entity_id: id, action: 'create' }),
    ]);

    const all = (await api.get(`/audit?entity=lifestyle&entity_id=${id}`)).json();
    expect(all.data.map((e: Entry) => e.action)).toEqual(['update', 'create']);
    expect(
      (await api.get(`/audit?entity=lifestyle&entity_id=${id}&sort=at`)).json().data[0].action,
    ).toBe('create');
    expect(
      (await api.get(`/audit?entity=lifestyle&entity_id=${id}&action=create`)).json().meta.total,
    ).toBe(1);

    const mine = (await api.get(`/audit?actor_id=${admin.id}&page_size=1&page=2`)).json();
    expect(mine.data).toHaveLength(1);
    const myTotal = await countRows(t.pool, 'audit_log WHERE actor_id = $1', [admin.id]);
    expect(mine.meta).toMatchObject({ total: myTotal, total_is_estimate: false, has_more: true });
    const myLast = (
      await api.get(`/audit?actor_id=${admin.id}&page_size=1&page=${myTotal}`)
    ).json();
    expect(myLast.data).toHaveLength(1);
    expect(myLast.meta.has_more).toBe(false);

    // Totals from the per-entity, action and actor counts match the entries themselves.
    expect((await api.get('/audit')).json().meta.total).toBe(await entryCount());
    expect((await api.get('/audit?entity=condition&action=create')).json().meta.total).toBe(
      await countRows(t.pool, "audit_log WHERE entity = 'condition' AND action = 'create'"),
    );

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api.get(`/audit?from=${future}`)).json().meta.total).toBe(0);
    expect((await api.get(`/audit?to=${future}`)).json().meta.total).toBe(await entryCount());
  });

  it('matches every word in the label or the reason, never across the two', async () => {
    const id = await created('/lifestyle', { name: unique('Okapi'), reason: 'Giraffe cousin' });
    const search = async (q: string) =>
      (await api.get(`/audit?q=${encodeURIComponent(q)}`))
        .json()
        .data.map((e: Entry) => e.entity_id);
    expect(await search('okapi giraffe')).toEqual([id]);
    expect(await search('okapi_giraffe')).toEqual([]);
    expect(await search(`okapi ${seq} cousin`)).toEqual([id]);
    expect(await search('okapi zebra')).toEqual([]);
  });

  it('estimates the total when counting would take too long, and still says whether a next page exists', async () => {
    // 60,000 entries of one actor, newest last: counting them cannot finish within 1 ms. Inserted
    // here rather than by the server, they move the totals' counts themselves, as its statements do.
    await t.pool.query(
      `WITH e AS (
         INSERT INTO audit_entries (actor_id, actor_name, action, effect, entity, entity_id, label,
                                    changes, reason)
         SELECT 424242, 'Bulk editor', 'update', 'update', 'condition', g,
                'Bulk condition ' || g, '{}', CASE WHEN g % 2 = 0 THEN 'Bulk review' END
           FROM generate_series(1, 60000) g
         RETURNING entity, action, actor_id)
       INSERT INTO audit_counts (entity, action, actor_id, n)
       SELECT entity, action, actor_id, count(*) FROM e GROUP BY entity, action, actor_id`,
    );
    await t.pool.query('ANALYZE audit_entries');
    const query = { q: 'bulk review', page: 2, pageSize: 25, sort: '-at' } as const;

    // Counting is tried (the planner's estimate is no reason to skip it) but runs out of time.
    const estimated = await listEntries(t.pool, query, { maxEstimatedRows: Infinity, budgetMs: 1 });
    expect(estimated.totalIsEstimate).toBe(true);
    expect(estimated.hasMore).toBe(true);
    expect(estimated.total).toBeGreaterThan(50);
    expect(estimated.rows.map((e) => e.reason)).toEqual(Array(25).fill('Bulk review'));

    const exact = await listEntries(t.pool, query, {
      maxEstimatedRows: Infinity,
      budgetMs: 10_000,
    });
    expect(exact).toMatchObject({ total: 30000, totalIsEstimate: false, hasMore: true });
    expect(exact.rows.map((e) => e.id)).toEqual(estimated.rows.map((e) => e.id));

    // The planner expects far more matches than are worth counting: the estimate answers at once.
    const last = await listEntries(t.pool, { ...query, page: 1200 });
    expect(last.rows).toHaveLength(25);
    expect(last.hasMore).toBe(false);
    expect(last.total).toBeGreaterThanOrEqual(30000);
  });

  it('refuses an unknown filter value or sort with 422', async () => {
    expect((await api.get('/audit?entity=planet')).statusCode).toBe(422);
    expect((await api.get('/audit?sort=label')).statusCode).toBe(422);
    expect((await api.get('/audit?from=yesterday')).statusCode).toBe(422);
  });
});

describe('an append-only history', () => {
  it('refuses to change, delete or empty an entry, even in SQL straight to the database', async () => {
    const created = await api.post('/condition', { name: 'Append-only' });
    expect(created.statusCode).toBe(201);
    await t.app.auditInbox.idle();
    const { rows } = await t.pool.query<{ id: number }>(
      "SELECT id FROM audit_entries WHERE label = 'Append-only'",
    );
    expect(rows).toHaveLength(1);
    for (const sql of [
      "UPDATE audit_entries SET actor_name = 'Someone else' WHERE id = $1",
      'DELETE FROM audit_entries WHERE id = $1',
    ]) {
      await expect(t.pool.query(sql, [rows[0].id])).rejects.toThrow(/append-only/);
    }
    await expect(t.pool.query('TRUNCATE audit_entries CASCADE')).rejects.toThrow(/append-only/);
    const [entry] = await entriesOf('condition', created.json().data.id);
    expect(entry).toMatchObject({ id: rows[0].id, actor: { name: admin.name } });
  });
});

describe('who made a change', () => {
  /** An editor, signed in: registered as 'Test Editor' and given the role by an administrator. */
  async function newEditor() {
    const email = `editor-${++seq}@example.com`;
    const editor = client(t.app, await signIn(t.app, { email, role: 'editor' }));
    const me = (await editor.get('/auth/me')).json().data as { id: number; name: string };
    return { editor, email, id: me.id, vetted: me.name };
  }
  /** The newest entries of `actorId` about `entity` `id`, as the history shows them, newest first. */
  async function byActor(actorId: number, entity: string, id: number): Promise<Entry[]> {
    const response = await api.get(`/audit?actor_id=${actorId}&entity=${entity}&entity_id=${id}`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  it('names the author as an administrator vetted them, not as they renamed themself since', async () => {
    const { editor, email, id: editorId, vetted } = await newEditor();
    expect(vetted).toBe('Test Editor');
    expect((await editor.put('/auth/profile', { name: 'Admin', email })).statusCode).toBe(200);
    expect((await editor.get('/auth/me')).json().data.name).toBe('Admin');

    // A one-statement write (its entry goes to the inbox) and a transaction (a delete checked
    // for use, its entry stored at once).
    const id = await newCondition();
    const renamed = unique('Renamed by the editor');
    expect((await editor.put('/condition', { id, name: renamed })).statusCode).toBe(200);
    const inInbox = await byActor(editorId, 'condition', id);
    expect(inInbox.map((e) => [e.action, e.actor])).toEqual([
      ['update', { id: editorId, name: vetted }],
    ]);
    expect((await editor.delete(`/condition/${id}`, {})).statusCode).toBe(200);
    await t.app.auditInbox.idle();
    const stored = await byActor(editorId, 'condition', id);
    expect(stored.map((e) => [e.action, e.actor])).toEqual([
      ['delete', { id: editorId, name: vetted }],
      ['update', { id: editorId, name: vetted }],
    ]);

    // The rename itself is in the history, by the name vetted, showing the new one.
    const [profile] = await byActor(editorId, 'account', editorId);
    expect(profile).toMatchObject({
      action: 'update',
      actor: { id: editorId, name: vetted },
      changes: { name: { from: vetted, to: 'Admin' } },
    });
    // Nothing the editor wrote reads "Admin".
    const { rows } = await t.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE actor_id = $1 AND actor_name = 'Admin'",
      [editorId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('stores the vetted name whatever name the statement gives, on every way an entry is written', async () => {
    const { id: editorId, vetted } = await newEditor();
    const id = await newCondition();
    const { rows } = await t.pool.query<{ actor_name: string; actor_snapshot_id: number }>(
      `INSERT INTO audit_entries (actor_id, actor_name, action, effect, entity, entity_id, label,
                                  changes)
       VALUES ($1, 'Mallory', 'update', 'update', 'condition', $2, 'Forged', '{}')
       RETURNING actor_name, actor_snapshot_id`,
      [editorId, id],
    );
    expect(rows[0].actor_name).toBe(vetted);
    const inbox = await t.pool.query<{ actor_name: string }>(
      `WITH e AS (INSERT INTO audit_inbox (actor_id, actor_name, action, entity, entity_id, label)
                  VALUES ($1, 'Mallory', 'update', 'condition', $2, 'Forged') RETURNING *)
       SELECT actor_name FROM e`,
      [editorId, id],
    );
    expect(inbox.rows[0].actor_name).toBe(vetted);
    const snapshot = await t.pool.query<{ account_id: number; name: string }>(
      'SELECT account_id, name FROM account_snapshots WHERE id = $1',
      [rows[0].actor_snapshot_id],
    );
    expect(snapshot.rows).toEqual([{ account_id: editorId, name: vetted }]);
  });

  it('takes the name as it then is when an administrator changes the account: the name they vetted', async () => {
    const { editor, email, id: editorId, vetted } = await newEditor();
    const profile = await editor.put('/auth/profile', { name: 'Eddie Editor', email });
    expect(profile.statusCode).toBe(200);
    const before = await newCondition();
    const first = await editor.put('/condition', { id: before, name: unique('Before vetting') });
    expect(first.statusCode).toBe(200);

    // An administrator makes the editor a viewer, then an editor again, which ends their sessions.
    for (const role of ['viewer', 'editor'])
      expect((await api.put(`/accounts/${editorId}`, { role })).statusCode).toBe(200);
    const again = client(t.app, await signIn(t.app, { email, role: 'editor' }));
    const after = await newCondition();
    const second = await again.put('/condition', { id: after, name: unique('After vetting') });
    expect(second.statusCode).toBe(200);

    // Registered, given the role (by the test, as an administrator would), the two changes; the
    // rename took none.
    const { rows } = await t.pool.query<{ name: string; role: string | null }>(
      'SELECT name, role FROM account_snapshots WHERE account_id = $1 ORDER BY id',
      [editorId],
    );
    expect(rows).toEqual([
      { name: vetted, role: null },
      { name: vetted, role: 'editor' },
      { name: 'Eddie Editor', role: 'viewer' },
      { name: 'Eddie Editor', role: 'editor' },
    ]);
    expect((await byActor(editorId, 'condition', before))[0].actor.name).toBe(vetted);
    expect((await byActor(editorId, 'condition', after))[0].actor.name).toBe('Eddie Editor');
  });
});
