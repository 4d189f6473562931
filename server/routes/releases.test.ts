import { loadContract, routeDefinitions, type Schema } from '../contract';
import {
  appUserToken,
  client,
  countRows,
  createTestApp,
  idsByName,
  insertUser,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';

/**
 * Releases: editors change the draft, a second person reviews each change, the test prescriptions
 * and the data-quality report gate publication, and app users read a published, pinned release.
 */
let t: TestApp;
let admin: ReturnType<typeof client>;
let editor: ReturnType<typeof client>;
let secondEditor: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let appUser: ReturnType<typeof client>;
let med: Record<string, number>;

type PendingChange = Schema<'PendingChange'>;
type Release = Schema<'Release'>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  admin = client(t.app, await signIn(t.app));
  editor = client(t.app, await signIn(t.app, { role: 'editor' }));
  secondEditor = client(t.app, await signIn(t.app, { role: 'editor' }));
  viewer = client(t.app, await signIn(t.app, { role: 'viewer' }));
  const user = await insertUser(t.pool, { role: 'user' });
  appUser = client(t.app, await appUserToken(t.pool, user.id));
  med = await idsByName(t.pool, 'medications');
});
afterAll(() => t.close());

async function interaction(a: string, b: string) {
  const { rows } = await t.pool.query<{ id: number; severity: string; description: string }>(
    `SELECT id, severity, description FROM drug_interactions
      WHERE least(medication_id, interacting_medication_id) = least($1::int, $2::int)
        AND greatest(medication_id, interacting_medication_id) = greatest($1::int, $2::int)`,
    [med[a], med[b]],
  );
  return rows[0];
}

async function setSeverity(who: ReturnType<typeof client>, a: string, b: string, severity: string) {
  const found = await interaction(a, b);
  const response = await who.put('/drug-interaction', {
    id: found.id,
    severity,
    description: found.description,
  });
  expect(response.statusCode).toBe(200);
  return found.id;
}

const pending = async (): Promise<PendingChange[]> => (await viewer.get('/review')).json().data;
const approveAll = async (who: ReturnType<typeof client>) => {
  for (const change of await pending()) {
    if (change.review) continue;
    const response = await who.post('/review/approve', {
      entity: change.entity,
      entity_id: change.entity_id,
    });
    expect(response.statusCode).toBe(200);
  }
};
const publish = (title: string, more: object = {}) => admin.post('/release', { title, ...more });
const newestNumber = async () =>
  ((await viewer.get('/release')).json().data as Release[])[0].number;

const checkWarfarinIbuprofen = (who: ReturnType<typeof client>, release?: string) =>
  who.post(`/safety-check${release ? `?release=${release}` : ''}`, {
    medication_ids: [med.Warfarin, med.Ibuprofen],
  });

describe('every reference read', () => {
  // First in the file: the draft is still what release 1 holds.
  // FHIR reads default to the latest release and answer Bundles and NDJSON:
  // server/fhir/fhir.test.ts reads them by release.
  const reads = [...routeDefinitions(loadContract()).values()].filter(
    (op) => op.readsRelease && op.method === 'GET' && !op.url.startsWith('/fhir/'),
  );

  /** The operation's path, with a record's id when it reads one. */
  async function urlOf(path: string) {
    if (!path.includes(':id')) return path;
    // One medication's record and dependents.
    if (path.startsWith('/medication')) return path.replace(':id', String(med.Warfarin));
    const [first] = (await viewer.get(path.replace('/:id', ''))).json().data as { id: number }[];
    return path.replace(':id', String(first.id));
  }
  const QUERIES = ['', 'q=a&page=1&page_size=5', 'page=2&page_size=3'];

  it.each(reads.map((op) => [op.operationId, op] as const))(
    '%s reads release 1 exactly as the draft holds it, whole, paged and searched',
    async (_id, op) => {
      const url = await urlOf(op.url);
      for (const query of url === op.url ? QUERIES : ['']) {
        const draft = await viewer.get(`${url}?${query}`);
        // A list some of whose parameters it does not take.
        if (draft.statusCode === 422) continue;
        const released = await viewer.get(`${url}?${query}${query ? '&' : ''}release=1`);
        expect([draft.statusCode, released.statusCode]).toEqual([200, 200]);
        expect(released.headers['x-release']).toBe('1');
        expect(released.json()).toEqual(draft.json());
      }
    },
  );
});

describe('the first release and who reads what', () => {
  it('makes the seeded data release 1, which app users read by default and staff read on asking', async () => {
    const releases = (await viewer.get('/release')).json();
    expect(releases.meta.total).toBe(1);
    expect(releases.data[0]).toMatchObject({ number: 1, in_effect: true, latest: true });

    const asApp = await appUser.get('/condition');
    expect(asApp.statusCode).toBe(200);
    expect(asApp.headers['x-release']).toBe('1');
    const asStaff = await viewer.get('/condition');
    expect(asStaff.headers['x-release']).toBe('draft');
    expect((await viewer.get('/condition?release=latest')).headers['x-release']).toBe('1');
    expect(asApp.json().data).toEqual(asStaff.json().data);
  });

  it('refuses the draft to app users (403), and an unknown release to anyone (404)', async () => {
    const refused = await appUser.get('/condition?release=draft');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/published releases only/);
    expect(
      (await appUser.post('/safety-check?release=draft', { medication_ids: [med.Warfarin] }))
        .statusCode,
    ).toBe(403);
    expect((await viewer.get('/condition?release=99')).statusCode).toBe(404);
    expect((await viewer.get('/condition?release=first')).statusCode).toBe(422);
  });

  it('signs app users in to the app only: the token reads reference data and runs the check, nothing else', async () => {
    const email = 'app-user@example.com';
    await insertUser(t.pool, { role: 'user', email, password: 'correct-horse-battery' });
    const login = (audience?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'correct-horse-battery', ...(audience ? { audience } : {}) },
      });
    // The console's own sign-in keeps refusing them, and starts no session.
    expect((await login()).statusCode).toBe(403);
    const signedIn = await login('app');
    expect(signedIn.statusCode).toBe(200);
    const app = client(t.app, signedIn.json().token);
    expect((await app.get(`/medication/${med.Warfarin}`)).headers['x-release']).toBe('1');
    expect((await checkWarfarinIbuprofen(app)).json().data.release).toBe(1);
    expect((await app.get('/audit')).statusCode).toBe(403);
    expect((await app.get('/review')).statusCode).toBe(403);
  });

  it('keeps an app token to what app users may do, even when an administrator holds it', async () => {
    const email = 'admin-in-the-app@example.com';
    await insertUser(t.pool, { role: 'admin', email, password: 'correct-horse-battery' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'correct-horse-battery', audience: 'app' },
    });
    const app = client(t.app, signedIn.json().token);
    expect((await app.get('/condition')).headers['x-release']).toBe('1');
    // Staff may still ask for the draft with it.
    expect((await app.get('/condition?release=draft')).headers['x-release']).toBe('draft');
    const write = await app.post('/condition', { name: 'Written with an app token' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/app token reads reference data/);
    expect((await app.post('/release', { title: 'No' })).statusCode).toBe(403);
    expect(await countRows(t.pool, "conditions WHERE name = 'Written with an app token'")).toBe(0);
  });
});

describe('reading a release', () => {
  it('answers pages, searches, the whole list and the CSV of a release apart from the draft, cached or not', async () => {
    const { rows } = await t.pool.query<{ id: number; name: string }>(
      "SELECT id, name FROM conditions WHERE name = 'Asthma'",
    );
    const renamed = await editor.put('/condition', { id: rows[0].id, name: 'Asthma (renamed)' });
    expect(renamed.statusCode).toBe(200);
    const names = async (path: string) =>
      ((await viewer.get(path)).json().data as { name: string }[]).map((c) => c.name);
    // Each read twice: the second may come from a cache, which must keep the two apart.
    for (let round = 0; round < 2; round++) {
      expect(await names('/condition?q=asthma')).toEqual(['Asthma (renamed)']);
      expect(await names('/condition?q=asthma&release=1')).toEqual(['Asthma']);
      expect(await names('/condition')).toContain('Asthma (renamed)');
      expect(await names('/condition?release=1')).toContain('Asthma');
    }
    const one = await viewer.get(`/condition/${rows[0].id}?release=1`);
    expect(one.json().data.name).toBe('Asthma');
    const csv = await t.app.inject({
      url: '/api/v1/condition?format=csv&q=asthma&release=1',
      headers: { authorization: `Bearer ${await signIn(t.app, { role: 'viewer' })}` },
    });
    expect(csv.headers['x-release']).toBe('1');
    expect(csv.body).toMatch(/Asthma/);
    expect(csv.body).not.toMatch(/renamed/);
    await admin.post('/release/latest/restore', {});
  });
});

describe('review', () => {
  afterEach(async () => {
    // Each test leaves the draft as the newest release has it.
    await admin.post('/release/latest/restore', {});
    await t.pool.query('DELETE FROM unreleased_entries');
    await t.pool.query('DELETE FROM draft_changes');
  });

  it('shows each changed record once, as the release had it and as the draft has it, with who changed it', async () => {
    const id = await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'moderate');
    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'minor');
    const [change] = (await pending()).filter((c) => c.entity === 'drug_interaction');
    expect(change).toMatchObject({
      entity_id: id,
      action: 'update',
      label: 'Warfarin + Ibuprofen',
      fields: expect.arrayContaining(['severity']),
      review: null,
    });
    expect(change.before).toMatchObject({ severity: 'major' });
    expect(change.after).toMatchObject({ severity: 'minor' });
    expect(change.authors.map((a) => a.actor_name)).toEqual(['Test Editor', 'Test Editor']);
    const status = (await viewer.get('/release/status')).json().data;
    expect(status).toMatchObject({ newest: 1, changes: 1, awaiting_review: 1 });

    // Changed back: nothing left to review.
    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'major');
    expect(await pending()).toEqual([]);
  });

  it('refuses the approval to anyone who changed the record, administrators included', async () => {
    const id = await setSeverity(admin, 'Warfarin', 'Ibuprofen', 'moderate');
    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'minor');
    const body = { entity: 'drug_interaction', entity_id: id, comment: 'looks right' };
    for (const author of [admin, editor]) {
      const refused = await author.post('/review/approve', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/another person must review it/);
      expect((await author.post('/review/reject', body)).statusCode).toBe(403);
    }
    expect((await viewer.post('/review/approve', body)).statusCode).toBe(403);
    const approved = await secondEditor.post('/review/approve', body);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.review).toMatchObject({
      decision: 'approved',
      comment: 'looks right',
    });
    expect((await viewer.get('/release/status')).json().data.awaiting_review).toBe(0);

    // A later change makes it pending again.
    await setSeverity(admin, 'Warfarin', 'Ibuprofen', 'moderate');
    const [again] = await pending();
    expect(again.review).toBeNull();
  });

  it('rejecting puts the release values back, through the history, with the comment as reason', async () => {
    const id = await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'minor');
    const rejected = await secondEditor.post('/review/reject', {
      entity: 'drug_interaction',
      entity_id: id,
      comment: 'Bleeding risk is major',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await interaction('Warfarin', 'Ibuprofen')).severity).toBe('major');
    expect(await pending()).toEqual([]);
    const [entry] = (await viewer.get(`/audit?entity=drug_interaction&entity_id=${id}`)).json()
      .data;
    expect(entry).toMatchObject({
      reason: 'Rejected in review: Bleeding risk is major',
      changes: { severity: { from: 'minor', to: 'major' } },
    });
  });

  it('refuses to reject a delete whose name another record took since (409), and changes nothing', async () => {
    const created = await editor.post('/condition', { name: 'Pleurisy' });
    await approveAll(secondEditor);
    expect((await publish('Pleurisy')).statusCode).toBe(201);
    const { id } = created.json().data as { id: number };
    expect((await editor.delete(`/condition/${id}`)).statusCode).toBe(200);
    expect((await editor.post('/condition', { name: 'Pleurisy' })).statusCode).toBe(201);
    const refused = await secondEditor.post('/review/reject', {
      entity: 'condition',
      entity_id: id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/another record took its name/);
    expect(await countRows(t.pool, "conditions WHERE name = 'Pleurisy'")).toBe(1);
  });

  it('counts creates and deletes, and a rejected delete comes back with what went with it', async () => {
    const created = await editor.post('/condition', {
      name: 'Hyperuricaemia',
      description: 'Uric acid',
    });
    expect(created.statusCode).toBe(201);
    const dosages = await countRows(t.pool, 'weight_category_dosages WHERE medication_id = $1', [
      med.Paracetamol,
    ]);
    expect(dosages).toBeGreaterThan(0);
    expect((await editor.delete(`/medications/${med.Paracetamol}`)).statusCode).toBe(200);
    const changes = await pending();
    expect(changes.map((c) => [c.entity, c.action])).toEqual(
      expect.arrayContaining([
        ['condition', 'create'],
        ['medication', 'delete'],
      ]),
    );
    const rejected = await secondEditor.post('/review/reject', {
      entity: 'medication',
      entity_id: med.Paracetamol,
    });
    expect(rejected.statusCode).toBe(200);
    expect(
      await countRows(t.pool, 'weight_category_dosages WHERE medication_id = $1', [
        med.Paracetamol,
      ]),
    ).toBe(dosages);
  });
});

describe('publishing', () => {
  it('is refused while a change awaits review, a test prescription got worse or data quality got worse, listing every blocker', async () => {
    const test = await admin.post('/test-prescription', {
      name: 'Warfarin with ibuprofen stays major',
      request: { medication_ids: [med.Warfarin, med.Ibuprofen] },
    });
    expect(test.statusCode).toBe(201);
    expect((await publish('Nothing changed')).statusCode).toBe(201);
    const newest = await newestNumber();

    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'minor');
    // An inverted dose range is a data-quality error.
    const { rows } = await t.pool.query<{ id: number }>(
      'SELECT id FROM weight_category_dosages ORDER BY id LIMIT 1',
    );
    await t.pool.query(
      'UPDATE weight_category_dosages SET min_dosage = max_dosage + 1 WHERE id = $1',
      [rows[0].id],
    );
    const refused = await publish('Too soon');
    expect(refused.statusCode).toBe(409);
    const kinds = (refused.json().blockers as Schema<'PublishBlocker'>[]).map((b) => b.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['unreviewed', 'test_prescription', 'data_quality']),
    );
    const readiness = (await viewer.get('/release/readiness')).json().data;
    expect(readiness.test_prescriptions).toContainEqual(
      expect.objectContaining({ name: 'Warfarin with ibuprofen stays major', passes: false }),
    );
    expect(readiness.data_quality.draft_errors).toBeGreaterThan(
      readiness.data_quality.release_errors,
    );

    // Approving clears one blocker only.
    await approveAll(secondEditor);
    const still = (await publish('Still too soon')).json().blockers as Schema<'PublishBlocker'>[];
    expect(new Set(still.map((b) => b.kind))).toEqual(
      new Set(['data_quality', 'test_prescription']),
    );
    // Nothing was published.
    expect(await newestNumber()).toBe(newest);

    await t.pool.query('UPDATE weight_category_dosages SET min_dosage = 0 WHERE id = $1', [
      rows[0].id,
    ]);
    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'major');
    // The raw update above was not made through the console: it has no history entry, so it is no
    // pending change; the interaction is back as released.
    expect((await publish('Ready')).statusCode).toBe(201);
    await t.pool.query('DELETE FROM test_prescriptions');
  });

  it('gives app users the new release at once and keeps checks against an old release reproducible', async () => {
    const before = await checkWarfarinIbuprofen(appUser);
    const oldRelease = Number(before.headers['x-release']);
    expect(before.json().data.verdict).toBe('major');

    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'contraindicated');
    // Not published: app users still read the old release.
    expect((await checkWarfarinIbuprofen(appUser)).json().data.verdict).toBe('major');
    expect((await checkWarfarinIbuprofen(viewer)).json().data).toMatchObject({
      verdict: 'contraindicated',
      release: 'draft',
    });
    await approveAll(secondEditor);
    const published = await publish('Warfarin and NSAIDs', { notes: 'Never together' });
    expect(published.statusCode).toBe(201);
    const release: Release = published.json().data;
    expect(release).toMatchObject({ number: oldRelease + 1, latest: true, in_effect: true });

    const after = await checkWarfarinIbuprofen(appUser);
    expect(after.json().data).toMatchObject({
      verdict: 'contraindicated',
      release: release.number,
    });

    // Later changes, even published ones, do not change a check against the old release.
    await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'moderate');
    await approveAll(secondEditor);
    expect((await publish('Later')).statusCode).toBe(201);
    const pinned = await checkWarfarinIbuprofen(appUser, String(oldRelease));
    expect(pinned.json().data).toEqual({ ...before.json().data, release: oldRelease });

    // The changelog and the differences between releases.
    const changes = (await viewer.get(`/release/${release.number}/changes`)).json();
    expect(changes.meta.total).toBe(1);
    expect(changes.data[0]).toMatchObject({
      entity: 'drug_interaction',
      changes: { severity: { from: 'major', to: 'contraindicated' } },
    });
    const csv = await t.app.inject({
      url: `/api/v1/release/${release.number}/changes?format=csv`,
      headers: { authorization: `Bearer ${await signIn(t.app, { role: 'viewer' })}` },
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toMatch(/Warfarin \+ Ibuprofen/);
    // The one CSV encoder's: texts quoted, ids as numbers, lines ending in CRLF.
    const [header, entry] = csv.body.split('\r\n');
    expect(header).toBe('"id","at","actor","action","entity","entity_id","label","reason"');
    expect(entry).toMatch(/^\d+,"[^"]+","[^"]*","update","drug_interaction",\d+,"/);
    const detail = (await viewer.get(`/release/${release.number}`)).json().data;
    expect(detail.counts).toEqual([
      { entity: 'drug_interactions', added: 0, changed: 1, removed: 0 },
    ]);
    const diff = (
      await viewer.get(`/release/compare?from=${oldRelease}&to=${release.number + 1}`)
    ).json().data;
    expect(diff.entities).toEqual([
      {
        entity: 'drug_interactions',
        added: [],
        removed: [],
        changed: [
          {
            id: (await interaction('Warfarin', 'Ibuprofen')).id,
            fields: expect.objectContaining({ severity: { from: 'major', to: 'moderate' } }),
          },
        ],
      },
    ]);
    await editor.post('/condition', { name: 'Sarcoidosis' });
    const againstDraft = (await viewer.get(`/release/compare?from=${oldRelease}&to=draft`)).json()
      .data;
    expect(againstDraft.entities.map((e: { entity: string }) => e.entity).sort()).toEqual([
      'conditions',
      'drug_interactions',
    ]);
    await admin.post('/release/latest/restore', {});
  });

  it('is atomic: concurrent readers see the old release or the new one, never a mix', async () => {
    const { rows } = await t.pool.query<{ id: number; name: string }>(
      'SELECT id, name FROM conditions ORDER BY id LIMIT 2',
    );
    for (const row of rows) {
      const renamed = await editor.put('/condition', { id: row.id, name: `${row.name} (renamed)` });
      expect(renamed.statusCode).toBe(200);
    }
    await approveAll(secondEditor);
    const reads = Array.from({ length: 40 }, () => appUser.get('/condition'));
    const [published] = await Promise.all([publish('Two renames'), ...reads]);
    expect(published.statusCode).toBe(201);
    const newNumber = published.json().data.number as number;
    for (const answer of await Promise.all(reads)) {
      const names = (answer.json().data as { id: number; name: string }[])
        .filter((c) => rows.some((r) => r.id === c.id))
        .map((c) => c.name.endsWith('(renamed)'));
      const renamed = Number(answer.headers['x-release']) === newNumber;
      expect(names).toEqual([renamed, renamed]);
    }
  });

  it('schedules a release for later: readable by number, latest only once in effect, and cancellable', async () => {
    await editor.post('/condition', { name: 'Scheduled condition' });
    await approveAll(secondEditor);
    const latestBefore = (await viewer.get('/release/status')).json().data.latest.number;
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await publish('Next week', { effective_at: inAnHour });
    expect(scheduled.statusCode).toBe(201);
    const { number } = scheduled.json().data as Release;
    expect(scheduled.json().data).toMatchObject({ in_effect: false, latest: false });

    const names = async (who: ReturnType<typeof client>, release?: string) =>
      (
        (await who.get(`/condition${release ? `?release=${release}` : ''}`)).json().data as {
          name: string;
        }[]
      ).map((c) => c.name);
    expect(await names(appUser)).not.toContain('Scheduled condition');
    expect(await names(viewer, String(number))).toContain('Scheduled condition');
    expect((await appUser.get(`/condition?release=${number}`)).statusCode).toBe(404);
    expect((await viewer.get('/release/status')).json().data).toMatchObject({
      latest: { number: latestBefore },
      scheduled: { number },
    });
    // Another release must wait for it.
    const meanwhile = await publish('Meanwhile');
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().blockers).toContainEqual(
      expect.objectContaining({ kind: 'scheduled' }),
    );

    // Cancelled: the change is the draft's again, still approved.
    expect((await admin.delete(`/release/${number}`)).statusCode).toBe(200);
    expect((await viewer.get(`/release/${number}`)).statusCode).toBe(404);
    const [change] = await pending();
    expect(change).toMatchObject({ entity: 'condition', action: 'create' });
    expect(change.review).not.toBeNull();

    // Scheduled again, then its time comes.
    const again = (await publish('Soon', { effective_at: inAnHour })).json().data as Release;
    await t.pool.query(
      "UPDATE releases SET effective_at = now() - interval '1 second' WHERE number = $1",
      [again.number],
    );
    expect(await names(appUser)).toContain('Scheduled condition');
    expect((await admin.delete(`/release/${again.number}`)).statusCode).toBe(409);
  });

  it('keeps History working: a revert of a published change is a new change of the draft', async () => {
    const id = await setSeverity(editor, 'Warfarin', 'Ibuprofen', 'moderate');
    await approveAll(secondEditor);
    expect((await publish('Moderate')).statusCode).toBe(201);
    const [entry] = (await viewer.get(`/audit?entity=drug_interaction&entity_id=${id}`)).json()
      .data;
    const { from: earlier } = entry.changes.severity;
    expect(entry.changes.severity).toEqual({
      from: expect.not.stringMatching('moderate'),
      to: 'moderate',
    });
    expect((await editor.post(`/audit/${entry.id}/revert`, {})).statusCode).toBe(201);
    const [change] = await pending();
    expect(change).toMatchObject({ entity: 'drug_interaction', entity_id: id, action: 'update' });
    expect(change.before).toMatchObject({ severity: 'moderate' });
    expect(change.after).toMatchObject({ severity: earlier });
    // App users keep the published value until the revert is reviewed and published.
    expect((await checkWarfarinIbuprofen(appUser)).json().data.verdict).toBe('moderate');
    await approveAll(secondEditor);
    expect((await publish('As before')).statusCode).toBe(201);
    expect((await checkWarfarinIbuprofen(appUser)).json().data.verdict).toBe(earlier);
  });

  it('restores an old release as ordinary changes that go through review and publication', async () => {
    const target = 1;
    const restored = await editor.post(`/release/${target}/restore`, {
      reason: 'Back to the start',
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.changes).toBeGreaterThan(0);
    const changes = await pending();
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.review === null)).toBe(true);
    // The editor who restored may not approve their own restore.
    expect(
      (
        await editor.post('/review/approve', {
          entity: changes[0].entity,
          entity_id: changes[0].entity_id,
        })
      ).statusCode,
    ).toBe(403);
    await approveAll(secondEditor);
    const published = await publish('Back to release 1');
    expect(published.statusCode).toBe(201);
    const diff = (
      await viewer.get(`/release/compare?from=${target}&to=${published.json().data.number}`)
    ).json().data;
    expect(diff.entities).toEqual([]);
  });
});
