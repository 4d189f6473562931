import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

/** Drug classes, their members and class rules through the API, and what the history keeps. */
let t: TestApp;
let api: ReturnType<typeof client>;
let unique = 0;

async function created(path: string, body: object): Promise<{ id: number }> {
  const response = await api.post(path, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.body}`);
  return response.json().data;
}
const medication = (name: string) =>
  created('/medication', {
    name: `${name} ${++unique}`,
    condition_id: conditionId,
    is_dosage_weight_based: false,
    pregnancy_category: 'B',
  });
const drugClass = (name: string, more: object = {}) =>
  created('/drug-class', { name: `${name} ${++unique}`, ...more });

let conditionId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  conditionId = (await created('/condition', { name: 'Hypercholesterolaemia' })).id;
});
afterAll(() => t.close());

describe('drug classes', () => {
  it('creates a class with an ATC code and a duplicate-therapy severity, edits it, and lists it with its members', async () => {
    const response = await api.post('/drug-class', {
      name: '  Statins ',
      atc_code: 'C10AA',
      duplicate_severity: 'major',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Statins',
        atc_code: 'C10AA',
        duplicate_severity: 'major',
        members: [],
        member_count: 0,
        codes: [],
      },
      message: 'Drug class added successfully',
    });
    const { id } = response.json().data;

    const simvastatin = await medication('Simvastatin');
    const atorvastatin = await medication('Atorvastatin');
    for (const m of [simvastatin, atorvastatin]) {
      const added = await api.post('/drug-class/member', {
        drug_class_id: id,
        medication_id: m.id,
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().message).toBe('Medication added to the class');
    }
    const read = (await api.get(`/drug-class/${id}`)).json().data;
    expect(read.member_count).toBe(2);
    // Members by name: atorvastatin before simvastatin.
    expect(read.members.map((m: { medication_id: number }) => m.medication_id)).toEqual([
      atorvastatin.id,
      simvastatin.id,
    ]);

    const page = (await api.get(`/drug-class?medication_id=${simvastatin.id}`)).json();
    expect(page.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(page.meta.total).toBe(1);

    // An update sets every field: the severity left out is removed.
    const updated = await api.put('/drug-class', { id, name: 'HMG-CoA reductase inhibitors' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Drug class updated successfully');
    const stored = await t.pool.query(
      'SELECT name, atc_code, duplicate_severity FROM drug_classes WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]).toEqual({
      name: 'HMG-CoA reductase inhibitors',
      atc_code: null,
      duplicate_severity: null,
    });
  });

  it('refuses a malformed ATC code, an unknown severity and a blank name, storing nothing', async () => {
    const before = await countRows(t.pool, 'drug_classes');
    for (const body of [
      { name: 'Bad code', atc_code: 'c10aa' },
      { name: 'Too long', atc_code: 'C10AA01' },
      { name: 'Bad severity', duplicate_severity: 'severe' },
      { name: '   ' },
      { name: 'Extra', colour: 'red' },
    ]) {
      const response = await api.post('/drug-class', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await countRows(t.pool, 'drug_classes')).toBe(before);
  });

  it('refuses a name already taken, in any case', async () => {
    const first = await drugClass('Macrolides');
    const name = (await api.get(`/drug-class/${first.id}`)).json().data.name;
    const again = await api.post('/drug-class', { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A drug class with this name already exists.');
  });

  it('refuses a member twice and unknown ids, and removes a membership', async () => {
    const klass = await drugClass('Triptans');
    const m = await medication('Sumatriptan');
    const body = { drug_class_id: klass.id, medication_id: m.id };
    expect((await api.post('/drug-class/member', body)).statusCode).toBe(201);
    const twice = await api.post('/drug-class/member', body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This medication is already a member of this class.');

    const unknown = await api.post('/drug-class/member', {
      drug_class_id: 999999,
      medication_id: 999998,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      drug_class_id: ['No such drug class: 999999'],
      medication_id: ['No such medication: 999998'],
    });

    const memberId = (await api.get(`/drug-class/${klass.id}`)).json().data.members[0].id;
    const removed = await api.delete('/drug-class/member', { id: memberId });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Medication removed from the class');
    expect(await countRows(t.pool, 'drug_class_members WHERE id = $1', [memberId])).toBe(0);
    expect((await api.delete('/drug-class/member', { id: memberId })).statusCode).toBe(404);
  });

  it('will not delete a class a rule still names; deleted, a revert brings back its members', async () => {
    const ssris = await drugClass('SSRIs');
    const nsaids = await drugClass('NSAIDs');
    const m = await medication('Sertraline');
    await api.post('/drug-class/member', { drug_class_id: ssris.id, medication_id: m.id });
    const rule = await created('/class-rule', {
      kind: 'interaction',
      drug_class_id: ssris.id,
      other_class_id: nsaids.id,
      severity: 'moderate',
      description: 'Bleeding risk.',
    });

    const refused = await api.delete('/drug-class', { id: ssris.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /still used by the class rules: SSRIs \d+ \+ NSAIDs \d+/,
    );
    expect(await countRows(t.pool, 'drug_classes WHERE id = $1', [ssris.id])).toBe(1);

    expect((await api.delete('/class-rule', { id: rule.id })).statusCode).toBe(200);
    const deleted = await api.delete('/drug-class', { id: ssris.id, reason: 'Merged' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Drug class deleted successfully');
    expect(await countRows(t.pool, 'drug_class_members WHERE medication_id = $1', [m.id])).toBe(0);

    const entries = (
      await api.get(`/audit?entity=drug_class&entity_id=${ssris.id}&action=delete`)
    ).json().data;
    expect(entries).toHaveLength(1);
    const reverted = await api.post(`/audit/${entries[0].id}/revert`, {});
    expect(reverted.statusCode).toBe(201);
    const restored = (await api.get(`/drug-class/${ssris.id}`)).json().data;
    expect(restored.members.map((x: { medication_id: number }) => x.medication_id)).toEqual([m.id]);
  });
});

describe('class rules', () => {
  it('creates an interaction of two classes, edits only its severity and description, and deletes it', async () => {
    const a = await drugClass('Anticoagulants');
    const b = await drugClass('NSAIDs');
    const response = await api.post('/class-rule', {
      kind: 'interaction',
      drug_class_id: a.id,
      other_class_id: b.id,
      severity: 'major',
      description: 'Bleeding.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      data: {
        kind: 'interaction',
        drug_class: { id: a.id },
        other_class: { id: b.id },
        other_medication: null,
        severity: 'major',
      },
      message: 'Class rule added successfully',
    });
    const { id } = response.json().data;

    // The same pair in the other order is the same rule.
    const reversed = await api.post('/class-rule', {
      kind: 'interaction',
      drug_class_id: b.id,
      other_class_id: a.id,
      severity: 'minor',
      description: 'Again.',
    });
    expect(reversed.statusCode).toBe(409);

    const updated = await api.put('/class-rule', {
      id,
      severity: 'contraindicated',
      description: 'Avoid.',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Class rule updated successfully');
    const stored = await t.pool.query(
      'SELECT severity, description FROM class_rules WHERE id = $1',
      [id],
    );
    expect(stored.rows[0]).toEqual({ severity: 'contraindicated', description: 'Avoid.' });

    const listed = (await api.get(`/class-rule?drug_class_id=${b.id}`)).json().data;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([id]);

    expect((await api.delete('/class-rule', { id })).json().message).toBe(
      'Class rule deleted successfully',
    );
    expect(await countRows(t.pool, 'class_rules WHERE id = $1', [id])).toBe(0);
  });

  it('refuses a rule with no other side or both, a cross-sensitivity to a medication or to itself, and unknown ids', async () => {
    const a = await drugClass('Penicillins');
    const m = await medication('Amoxicillin');
    const before = await countRows(t.pool, 'class_rules');
    const base = { drug_class_id: a.id, severity: 'moderate', description: 'x' };
    const cases: [object, string][] = [
      [
        { ...base, kind: 'interaction' },
        'A class rule names either another class or a medication.',
      ],
      [
        { ...base, kind: 'interaction', other_class_id: a.id, other_medication_id: m.id },
        'A class rule names either another class or a medication.',
      ],
      [
        { ...base, kind: 'cross_sensitivity', other_medication_id: m.id },
        'A cross-sensitivity names another class.',
      ],
      [
        { ...base, kind: 'cross_sensitivity', other_class_id: a.id },
        'A class cannot be cross-sensitive with itself.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/class-rule', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const unknown = await api.post('/class-rule', {
      ...base,
      kind: 'interaction',
      other_class_id: 999999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ other_class_id: ['No such drug class: 999999'] });
    expect(await countRows(t.pool, 'class_rules')).toBe(before);
  });

  it('goes with the medication it names, and comes back when the medication’s delete is reverted', async () => {
    const nsaids = await drugClass('NSAIDs');
    const warfarin = await medication('Warfarin');
    const rule = await created('/class-rule', {
      kind: 'interaction',
      drug_class_id: nsaids.id,
      other_medication_id: warfarin.id,
      severity: 'major',
      description: 'Bleeding.',
    });
    await api.post('/drug-class/member', { drug_class_id: nsaids.id, medication_id: warfarin.id });
    expect((await api.delete(`/medications/${warfarin.id}`, {})).statusCode).toBe(200);
    expect(await countRows(t.pool, 'class_rules WHERE id = $1', [rule.id])).toBe(0);

    const entry = (
      await api.get(`/audit?entity=medication&entity_id=${warfarin.id}&action=delete`)
    ).json().data[0];
    expect((await api.post(`/audit/${entry.id}/revert`, {})).statusCode).toBe(201);
    expect(await countRows(t.pool, 'class_rules WHERE id = $1', [rule.id])).toBe(1);
    expect(
      await countRows(t.pool, 'drug_class_members WHERE medication_id = $1', [warfarin.id]),
    ).toBe(1);
  });
});
