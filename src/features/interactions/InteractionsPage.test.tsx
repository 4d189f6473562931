import { configure, screen, waitFor, within } from '@testing-library/react';
import type { DrugInteraction } from '@/api';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import {
  firstQuery,
  queryOf,
  renderListApi,
  renderResourceForm,
  sendSaved,
} from '@/test/renderListApi';
import { InteractionsPage, interactionResource } from './InteractionsPage';
import { interactionRequest } from './interactionForm';
import { SEVERITY_COLOURS } from '@/components/severityColours';

const LONG =
  'Additive anticoagulant and antiplatelet effects markedly raise the risk of serious bleeding, including gastrointestinal haemorrhage.';

const warfarinAspirin: DrugInteraction = {
  id: 11,
  medication_id: 1,
  interacting_medication_id: 2,
  medication: { id: 1, name: 'Warfarin' },
  interacting_medication: { id: 2, name: 'Aspirin' },
  severity: 'major',
  description: LONG,
  is_allergen: 0,
  created_at: '2025-01-01T00:00:00.000Z',
};
const amoxicillinCefalexin: DrugInteraction = {
  id: 12,
  medication_id: 3,
  interacting_medication_id: 4,
  medication: { id: 3, name: 'Amoxicillin' },
  interacting_medication: { id: 4, name: 'Cefalexin' },
  severity: 'contraindicated',
  description: 'Penicillin allergy: cross-sensitivity.',
  is_allergen: 1,
  created_at: '2025-01-01T00:00:00.000Z',
};
const MEDICATIONS = [
  { id: 3, name: 'Amoxicillin' },
  { id: 2, name: 'Aspirin' },
  { id: 1, name: 'Warfarin' },
];
/** GET /medication as the server answers the picker: the first matches of `q` by name. */
const medications = (request: Request): MockReply => {
  const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
  const data = MEDICATIONS.filter((m) => m.name.toLowerCase().includes(q));
  return { body: { data, meta: { total: data.length, page: 1, page_size: 20 } } };
};

async function rowOf(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
}

type User = ReturnType<typeof renderResourceForm>['user'];

/** Types `text` into the picker labelled `label` and picks the suggestion `name`. */
async function pick(
  user: User,
  form: ReturnType<typeof within>,
  label: RegExp,
  text: string,
  name: string,
) {
  const input = form.getByRole('combobox', { name: label });
  await user.clear(input);
  await user.fill(input, text);
  await user.click(await screen.findByRole('option', { name }));
}

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/interactions', () => {
  it("lists the interactions: severity as a coloured word, description shortened, allergen Yes/No; 'Loading interactions...' first", async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    mockFetch({
      'GET /drug-interaction': () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    // The severity's colour is read from its computed style.
    const { user } = renderWithProviders(<InteractionsPage />, {
      preloadedState: signedIn(),
      styles: true,
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Drug Interactions' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Manage drug interactions and contraindications')).toBeInTheDocument();
    expect(await screen.findByText('Loading interactions...')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Loading interactions...' }),
    ).toBeInTheDocument();
    answer({ body: { data: [warfarinAspirin, amoxicillinCefalexin] } });

    const row = await rowOf('Warfarin');
    expect(screen.queryByText('Loading interactions...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Medication',
      'Interacting Medication',
      'Severity',
      'Description',
      'Allergen',
      'Edit',
      'Delete',
      'History',
    ]);
    expect(row.getByRole('gridcell', { name: 'Aspirin' })).toBeInTheDocument();
    const badge = row.getByText('Major');
    expect(badge).toHaveAttribute('data-severity', 'major');
    expect(badge).toHaveStyle({ color: SEVERITY_COLOURS.major.text });
    const description = row.getByText(/^Additive anticoagulant/);
    expect(description.textContent).toMatch(/…$/);
    expect(description.textContent!.length).toBeLessThan(LONG.length);
    // The full text on hover.
    await user.hover(description);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    expect(row.getByRole('gridcell', { name: 'No' })).toBeInTheDocument();
    const other = await rowOf('Amoxicillin');
    expect(other.getByText('Contraindicated')).toHaveAttribute('data-severity', 'contraindicated');
    expect(other.getByRole('gridcell', { name: 'Yes' })).toBeInTheDocument();
  });

  it('uses the spec colours with readable text: minor yellow, moderate orange, major red, contraindicated purple', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const d = max - min;
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    const inRange = (h: number, [from, to]: [number, number]) => h >= from && h <= to;
    expect(inRange(hue(SEVERITY_COLOURS.minor.border), [45, 65])).toBe(true); // yellow
    expect(inRange(hue(SEVERITY_COLOURS.moderate.border), [15, 40])).toBe(true); // orange
    expect(inRange(hue(SEVERITY_COLOURS.major.border), [0, 10])).toBe(true); // red
    expect(inRange(hue(SEVERITY_COLOURS.contraindicated.border), [260, 300])).toBe(true); // purple
    for (const colours of Object.values(SEVERITY_COLOURS)) {
      expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(7);
    }
  });
});

describe('the interactions definition', () => {
  it("names its failed load 'Failed to fetch drug interactions', and its empty list 'No drug interactions found'", () => {
    expect(interactionResource.texts.errorTitle).toBe('Failed to fetch drug interactions');
    expect(interactionResource.texts.emptyText).toBe('No drug interactions found');
  });

  it("adds one: severity minor and allergen off at first; 'A medication cannot interact with itself'; ids sent as integers", async () => {
    const fetchMock = mockFetch({
      'GET /drug-interaction': { body: { data: [] } },
      'GET /medication': medications,
      'POST /drug-interaction': {
        status: 201,
        body: { data: warfarinAspirin, message: 'Drug interaction added successfully' },
      },
      'POST /test-prescription/impact': { body: { data: { changed: [], unchanged: 0 } } },
    });
    const { user, onSave } = renderResourceForm(interactionResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Interaction' }));
    expect(form.getByLabelText(/^Severity/)).toHaveDisplayValue('Minor');
    expect(
      within(form.getByLabelText(/^Severity/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Minor', 'Moderate', 'Major', 'Contraindicated']);
    expect(form.getByRole('checkbox', { name: 'Is an allergen' })).not.toBeChecked();
    expect(await form.findByRole('combobox', { name: /^Medication/ })).toBeEnabled();
    // Nothing is loaded until a picker opens.
    expect(requestsTo(fetchMock, 'GET /medication')).toHaveLength(0);

    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Medication is required')).toBeInTheDocument();
    expect(form.getByText('Interacting medication is required')).toBeInTheDocument();
    expect(form.getByText('Description is required')).toBeInTheDocument();

    await pick(user, form, /^Medication/, 'warf', 'Warfarin');
    // The picker asked the server for the first 20 matches of what was typed.
    const searched = requestsTo(fetchMock, 'GET /medication').map((request) =>
      Object.fromEntries(new URL(request.url).searchParams),
    );
    expect(searched.at(-1)).toEqual({ q: 'warf', page: '1', page_size: '20', sort: 'name' });
    const interacting = form.getByRole('combobox', { name: /^Interacting Medication/ });
    await user.fill(interacting, 'a');
    expect(await screen.findByRole('option', { name: 'Aspirin' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.clear(interacting);
    await user.fill(interacting, 'w');
    expect(await screen.findByRole('option', { name: 'Warfarin' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.fill(interacting, 'zz');
    expect(await screen.findByText('No medications found')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Choose the interacting one first, then the same as the medication: refused under the field.
    await pick(user, form, /^Medication/, 'asp', 'Aspirin');
    await pick(user, form, /^Interacting Medication/, 'war', 'Warfarin');
    await pick(user, form, /^Medication/, 'war', 'Warfarin');
    await user.fill(form.getByLabelText(/^Description/), 'Bleeding risk');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A medication cannot interact with itself')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await pick(user, form, /^Interacting Medication/, 'asp', 'Aspirin');
    await user.selectOptions(form.getByLabelText(/^Severity/), 'Major');
    await user.click(form.getByRole('checkbox', { name: 'Is an allergen' }));
    // A new interaction sets a severity: it needs a reason, and nothing is sent without one.
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.fill(form.getByLabelText(/^Reason for the change/), 'Stockley 2024');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(interactionResource, null, onSave.mock.calls[0]);
    expect(interactionResource.feedback?.create.success).toBe(
      'Drug interaction added successfully',
    );
    expect(await requestsTo(fetchMock, 'POST /drug-interaction')[0].json()).toEqual({
      medication_id: 1,
      interacting_medication_id: 2,
      severity: 'major',
      description: 'Bleeding risk',
      is_allergen: true,
      reason: 'Stockley 2024',
    });
  });

  it('edits one: both pickers fixed, no medication searched; only severity, description and allergen are sent, with the id', async () => {
    const fetchMock = mockFetch({
      'GET /drug-interaction': { body: { data: [warfarinAspirin] } },
      'GET /medication': medications,
      'PUT /drug-interaction': {
        body: { data: warfarinAspirin, message: 'Drug interaction updated successfully' },
      },
      'POST /test-prescription/impact': { body: { data: { changed: [], unchanged: 0 } } },
    });
    const { user, onSave } = renderResourceForm(interactionResource, warfarinAspirin);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Interaction' }));
    expect(form.getByRole('combobox', { name: /^Medication/ })).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Medication/ })).toHaveValue('Warfarin');
    expect(form.getByRole('combobox', { name: /^Interacting Medication/ })).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Interacting Medication/ })).toHaveValue('Aspirin');
    expect(form.getByLabelText(/^Description/)).toHaveValue(LONG);
    await user.selectOptions(form.getByLabelText(/^Severity/), 'Contraindicated');
    await user.click(form.getByRole('checkbox', { name: 'Is an allergen' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A reason is required for this change')).toBeInTheDocument();
    await user.fill(form.getByLabelText(/^Reason for the change/), 'Case reports');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(interactionResource, warfarinAspirin, onSave.mock.calls[0]);
    expect(interactionResource.feedback?.update.success).toBe(
      'Drug interaction updated successfully',
    );
    expect(await requestsTo(fetchMock, 'PUT /drug-interaction')[0].json()).toEqual({
      id: 11,
      severity: 'contraindicated',
      description: LONG,
      is_allergen: true,
      reason: 'Case reports',
    });
    // The fixed pickers show the edited pair without asking for medications.
    expect(requestsTo(fetchMock, 'GET /medication')).toHaveLength(0);
  });

  it('filters by severity, a medication on either side and allergen, as the contract names them', async () => {
    const severity = interactionResource.filters?.find((filter) => filter.param === 'severity');
    expect(severity?.kind === 'choice' && severity.options.map((o) => o.label)).toEqual([
      'Minor',
      'Moderate',
      'Major',
      'Contraindicated',
    ]);
    const fetchMock = mockFetch({
      'GET /drug-interaction': { body: { data: [], meta: { total: 0, page: 1, page_size: 25 } } },
    });
    renderListApi(interactionResource, firstQuery(interactionResource), {
      severity: 'major',
      medication_id: '2',
      is_allergen: 'true',
    });
    await waitFor(() => expect(requestsTo(fetchMock)).toHaveLength(1));
    expect(requestsTo(fetchMock).map(queryOf)).toEqual([
      {
        severity: 'major',
        medication_id: '2',
        is_allergen: 'true',
        page: '1',
        page_size: '25',
        sort: 'medication',
      },
    ]);
  });
});

describe('interactionRequest', () => {
  const values = {
    medication_id: '07',
    interacting_medication_id: '12',
    severity: 'moderate' as const,
    description: 'Text',
    is_allergen: false,
  };

  it('a new interaction: both ids parsed as integers', () => {
    expect(interactionRequest(values, null)).toEqual({
      kind: 'create',
      body: {
        medication_id: 7,
        interacting_medication_id: 12,
        severity: 'moderate',
        description: 'Text',
        is_allergen: false,
      },
    });
  });

  it("an edit without an id fails with 'Interaction ID is required for editing'", () => {
    expect(() => interactionRequest(values, { id: undefined })).toThrow(
      'Interaction ID is required for editing',
    );
    expect(interactionRequest(values, { id: 5 })).toEqual({
      kind: 'update',
      body: { id: 5, severity: 'moderate', description: 'Text', is_allergen: false },
    });
  });
});
