import { moveInbox } from '../repositories/audit/entries';
import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * A one-statement write puts its history entry in the inbox, and the server moves it into
 * audit_entries shortly after. Wherever an entry is, the history shows it the same way: listed,
 * filtered, counted, read alone, and reverted.
 */

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

const inInbox = () => countRows(t.pool, 'audit_inbox');
const history = async (query: string) => {
  const response = await api.get(`/audit${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

async function newCondition(name: string): Promise<number> {
  const response = await api.post('/condition', { name, reason: 'New entry' });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

it('moves the entries of writes out of the inbox shortly after them, and they read the same', async () => {
  const id = await newCondition('Inbox moved');
  await api.put('/condition', { id, name: 'Inbox moved twice', description: 'Later' });
  const before = await history(`?entity=condition&entity_id=${id}`);
  expect(before.data.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);

  await t.app.auditInbox.idle();
  expect(await inInbox()).toBe(0);
  expect(
    await countRows(t.pool, "audit_entries WHERE entity = 'condition' AND entity_id = $1", [id]),
  ).toBe(2);
  expect(await history(`?entity=condition&entity_id=${id}`)).toEqual(before);
});

describe('while the entries are still in the inbox', () => {
  // The server moves nothing from here on: what follows reads entries in the inbox.
  beforeAll(() => t.app.auditInbox.close());

  it('lists, filters, counts and reads them as stored entries, and moves them unchanged', async () => {
    const totals = {
      all: (await history('')).meta.total,
      conditionUpdates: (await history('?entity=condition&action=update')).meta.total,
    };
    const id = await newCondition('Inbox asthma');
    await api.put('/condition', { id, name: 'Inbox asthma', description: 'Wheezing' });
    // Unchanged: no entry.
    await api.put('/condition', { id, name: 'Inbox asthma', description: 'Wheezing' });
    expect(await inInbox()).toBe(2);

    const page = await history(`?entity=condition&entity_id=${id}`);
    expect(page.meta).toMatchObject({ total: 2, total_is_estimate: false });
    expect(page.data[0]).toMatchObject({
      action: 'update',
      entity: 'condition',
      entity_id: id,
      label: 'Inbox asthma',
      changes: { description: { from: null, to: 'Wheezing' } },
      reason: null,
      reverts: null,
      reverted_by: null,
    });
    expect(page.data[1].changes).toMatchObject({ name: { to: 'Inbox asthma' } });
    expect((await history('')).meta.total).toBe(totals.all + 2);
    expect((await history('?entity=condition&action=update')).meta.total).toBe(
      totals.conditionUpdates + 1,
    );
    expect((await history('?q=inbox%20asthma')).data).toHaveLength(2);
    expect((await api.get(`/audit/${page.data[0].id}`)).json().data).toEqual(page.data[0]);

    while ((await moveInbox(t.pool)) > 0);
    expect(await inInbox()).toBe(0);
    expect(await history(`?entity=condition&entity_id=${id}`)).toEqual(page);
    expect((await history('')).meta.total).toBe(totals.all + 2);
  });

  it('reverts an entry in the inbox once, and answers 409 when the record changed after it', async () => {
    const id = await newCondition('Inbox gout');
    await api.put('/condition', { id, name: 'Inbox gout (renamed)' });
    const [rename] = (await history(`?entity=condition&entity_id=${id}`)).data;
    expect(await countRows(t.pool, 'audit_inbox WHERE id = $1', [rename.id])).toBe(1);

    const undo = await api.post(`/audit/${rename.id}/revert`, { reason: 'Wrong name' });
    expect(undo.statusCode).toBe(201);
    expect((await api.get(`/condition/${id}`)).json().data.name).toBe('Inbox gout');
    expect((await api.get(`/audit/${rename.id}`)).json().data.reverted_by).toBe(
      undo.json().data.id,
    );
    expect((await api.post(`/audit/${rename.id}/revert`, {})).statusCode).toBe(409);

    await api.put('/condition', { id, name: 'Inbox gout again' });
    const [create] = (await history(`?entity=condition&entity_id=${id}&action=create`)).data;
    const refused = await api.post(`/audit/${create.id}/revert`, {});
    expect(refused.statusCode).toBe(409);
    // The first entry after it names the change.
    expect(refused.json().message).toContain(`entry #${rename.id}`);
    expect(await countRows(t.pool, 'conditions WHERE id = $1', [id])).toBe(1);
  });
});
