import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AgeCategory, Ingredient, WeightCategory } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler, type MockReply } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { renderResourceForm, sendSaved } from '@/test/renderListApi';
import { IngredientLimitsDialog } from './IngredientLimitsDialog';
import { IngredientsPage, ingredientResource } from './IngredientsPage';

const paracetamol: Ingredient = {
  id: 3,
  name: 'Paracetamol',
  medications: [
    {
      id: 31,
      medication_id: 40,
      name: 'Co-codamol 30/500',
      amount: 500,
      amount_unit: 'mg',
      per_unit: 'tablet',
    },
    {
      id: 32,
      medication_id: 41,
      name: 'Paracetamol',
      amount: 500,
      amount_unit: 'mg',
      per_unit: 'tablet',
    },
  ],
  limits: [
    {
      id: 51,
      basis: 'age',
      category_id: 21,
      category: 'Adult (18–65 years)',
      max_daily_amount: 4,
      unit: 'g',
    },
    {
      id: 52,
      basis: 'weight',
      category_id: 11,
      category: 'Underweight (0–50 kg)',
      max_daily_amount: 60,
      unit: 'mg/kg',
    },
  ],
  codes: [],
};
const codeine: Ingredient = {
  id: 4,
  name: 'Codeine',
  medications: [
    {
      id: 33,
      medication_id: 40,
      name: 'Co-codamol 30/500',
      amount: null,
      amount_unit: null,
      per_unit: null,
    },
  ],
  limits: [],
  codes: [],
};

const adult: AgeCategory = {
  id: 21,
  min_age: 18,
  max_age: 65,
  age_unit: 'years',
  category_name: 'Adult',
  description: null,
};
const underweight: WeightCategory = {
  id: 11,
  min_weight: 0,
  max_weight: 50,
  weight_unit: 'kg',
  category_name: 'Underweight',
  description: null,
  min_age_years: 18,
  max_age_years: null,
};
const normal: WeightCategory = {
  ...underweight,
  id: 12,
  min_weight: 50,
  max_weight: 80,
  category_name: 'Normal',
};

const page = (rows: Ingredient[]): MockReply => ({
  body: { data: rows, meta: { total: rows.length, page: 1, page_size: 25 } },
});

/** The categories the limit form offers: every one, as the server answers a whole list. */
const categories: Record<string, MockHandler> = {
  'GET /age-category': { body: { data: [adult] } },
  'GET /weight-category': { body: { data: [underweight, normal] } },
};

/** Answers with each of `answers` in turn (the last one from then on). */
function versions(...answers: Ingredient[]): MockHandler {
  let call = 0;
  return () => ({ body: { data: answers[Math.min(call++, answers.length - 1)] } });
}

async function rowOf(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/ingredients', () => {
  it('lists each ingredient with the medications containing it (their strengths) and its daily limits', async () => {
    const fetchMock = mockFetch({ 'GET /ingredient': page([codeine, paracetamol]) });
    renderWithProviders(<IngredientsPage />, { preloadedState: signedIn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Ingredients' })).toBeInTheDocument();
    const row = await rowOf('Paracetamol');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Medications',
      'Daily Limits',
      'Codes',
      'Manage',
      'Edit',
      'Delete',
      'History',
    ]);
    expect(
      row.getByRole('gridcell', {
        name: 'Co-codamol 30/500 (500 mg per tablet), Paracetamol (500 mg per tablet)',
      }),
    ).toBeInTheDocument();
    expect(
      row.getByRole('gridcell', {
        name: 'Adult (18–65 years): 4 g, Underweight (0–50 kg): 60 mg/kg',
      }),
    ).toBeInTheDocument();
    // No strength stated: the medication's name alone; no limits: None.
    const other = await rowOf('Codeine');
    expect(other.getByRole('gridcell', { name: 'Co-codamol 30/500' })).toBeInTheDocument();
    expect(other.getByRole('gridcell', { name: 'None' })).toBeInTheDocument();
    // Sorted by name on the server at first.
    expect(new URL(requestsTo(fetchMock, 'GET /ingredient')[0].url).searchParams.get('sort')).toBe(
      'name',
    );
  });

  it("names an empty list 'No ingredients found'", async () => {
    mockFetch({ 'GET /ingredient': page([]) });
    renderWithProviders(<IngredientsPage />, { preloadedState: signedIn() });
    expect(await screen.findByText('No ingredients found')).toBeInTheDocument();
  });

  it("deletes after a confirm, and shows the server's refusal while a medication contains it", async () => {
    const refusal = 'This ingredient cannot be deleted: 2 medications contain it';
    const fetchMock = mockFetch({
      'GET /ingredient': page([paracetamol]),
      'DELETE /ingredient': { status: 409, body: { message: refusal } },
    });
    const { user } = renderWithProviders(<IngredientsPage />, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete Paracetamol' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Ingredient' }));
    expect(
      confirm.getByText(
        'Are you sure you want to delete this ingredient? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /ingredient')[0].json()).toEqual({ id: 3 });
  });

  it("opens an ingredient's daily limits from its row", async () => {
    mockFetch({
      'GET /ingredient': page([paracetamol]),
      'GET /ingredient/3': { body: { data: paracetamol } },
      ...categories,
    });
    const { user } = renderWithProviders(<IngredientsPage />, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Daily Limits of Paracetamol' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    const limits = within(dialog.getByRole('list', { name: 'Daily limits of Paracetamol' }));
    expect(limits.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Adult (18–65 years): 4 g',
      'Underweight (0–50 kg): 60 mg/kg',
    ]);
  });
});

describe('the ingredient form', () => {
  it("adds one with POST /ingredient { name }: 'Name is required', and at most 200 characters", async () => {
    const fetchMock = mockFetch({
      'GET /ingredient': page([]),
      'POST /ingredient': {
        status: 201,
        body: { data: codeine, message: 'Ingredient added successfully' },
      },
    });
    const { user, onSave } = renderResourceForm(ingredientResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Ingredient' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    expect(form.getByLabelText(/^Name/)).toHaveAttribute('maxLength', '200');
    const checked = await ingredientResource.form?.validation.resolver(
      { name: 'x'.repeat(201), codes: [] },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(checked?.errors.name?.message).toBe('Name must be at most 200 characters');

    await user.fill(form.getByLabelText(/^Name/), '  Codeine ');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(ingredientResource, null, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'POST /ingredient')[0].json()).toEqual({ name: 'Codeine' });
  });

  it('edits one with PUT /ingredient { id, name }', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient': page([codeine]),
      'PUT /ingredient': {
        body: { data: { ...codeine, name: 'Codeine phosphate' }, message: 'Updated' },
      },
    });
    const { user, onSave } = renderResourceForm(ingredientResource, codeine);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Ingredient' }));
    expect(form.getByLabelText(/^Name/)).toHaveValue('Codeine');
    await user.fill(form.getByLabelText(/^Name/), ' phosphate');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(ingredientResource, codeine, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /ingredient')[0].json()).toEqual({
      id: 4,
      name: 'Codeine phosphate',
    });
  });
});

describe('the Daily Limits dialog', () => {
  function renderLimits(ingredient: Ingredient, user = signedIn()) {
    return renderWithProviders(
      <IngredientLimitsDialog ingredient={ingredient} open onClose={jest.fn()} />,
      { preloadedState: user },
    );
  }

  it('adds a limit by weight: the category of the basis chosen, an amount above 0, its unit', async () => {
    const added: Ingredient = {
      ...paracetamol,
      limits: [
        ...paracetamol.limits,
        {
          id: 53,
          basis: 'weight',
          category_id: 12,
          category: 'Normal (50–80 kg)',
          max_daily_amount: 50,
          unit: 'mg/kg',
        },
      ],
    };
    const fetchMock = mockFetch({
      'GET /ingredient/3': versions(paracetamol, added),
      'POST /ingredient/limit': {
        status: 201,
        body: { data: added, message: 'Daily limit added successfully' },
      },
      ...categories,
    });
    const { user } = renderLimits(paracetamol);
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    const form = within(await dialog.findByRole('form', { name: 'Add Limit' }));
    // By age at first, with the age categories; by weight, the weight categories.
    expect(form.getByLabelText(/^Basis/)).toHaveDisplayValue('Age');
    expect(form.getByLabelText(/^Age Category/)).toHaveDisplayValue('Adult (18–65 years)');
    expect(form.queryByLabelText(/^Weight Category/)).not.toBeInTheDocument();
    await user.selectOptions(form.getByLabelText(/^Basis/), 'Weight');
    expect(
      within(form.getByLabelText(/^Weight Category/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Underweight (0–50 kg)', 'Normal (50–80 kg)']);
    await user.selectOptions(form.getByLabelText(/^Weight Category/), 'Normal (50–80 kg)');
    expect(
      within(form.getByLabelText(/^Unit/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mg', 'Mcg', 'G', 'Mg/kg', 'Mcg/kg']);
    await user.selectOptions(form.getByLabelText(/^Unit/), 'Mg/kg');

    await user.click(form.getByRole('button', { name: 'Add Limit' }));
    expect(await form.findByText('Maximum per day is required')).toBeInTheDocument();
    await user.fill(form.getByLabelText(/^Maximum per day/), '0');
    await user.click(form.getByRole('button', { name: 'Add Limit' }));
    expect(await form.findByText('Maximum per day must be above 0')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /ingredient/limit')).toHaveLength(0);

    await user.clear(form.getByLabelText(/^Maximum per day/));
    await user.fill(form.getByLabelText(/^Maximum per day/), '50');
    await user.click(form.getByRole('button', { name: 'Add Limit' }));
    expect(await findToast('Daily limit added successfully')).toBeInTheDocument();
    // Said in the dialog too: while it is open, the toasts are hidden from assistive technology.
    expect(dialog.getByRole('status')).toHaveTextContent('Daily limit added successfully');
    expect(await requestsTo(fetchMock, 'POST /ingredient/limit')[0].json()).toEqual({
      ingredient_id: 3,
      basis: 'weight',
      category_id: 12,
      max_daily_amount: 50,
      unit: 'mg/kg',
    });
    const limits = within(dialog.getByRole('list', { name: 'Daily limits of Paracetamol' }));
    expect(await limits.findByText('Normal (50–80 kg): 50 mg/kg')).toBeInTheDocument();
    // The amount clears for the next limit.
    await waitFor(() => expect(form.getByLabelText(/^Maximum per day/)).toHaveValue(null));
  });

  it("says the server's refusal of a second limit of the same kind inside the dialog", async () => {
    const refusal = 'This ingredient already has a daily limit for this category.';
    mockFetch({
      'GET /ingredient/3': { body: { data: paracetamol } },
      'POST /ingredient/limit': { status: 409, body: { message: refusal } },
      ...categories,
    });
    const { user } = renderLimits(paracetamol);
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    const form = within(await dialog.findByRole('form', { name: 'Add Limit' }));
    await user.fill(form.getByLabelText(/^Maximum per day/), '3');
    await user.selectOptions(form.getByLabelText(/^Unit/), 'G');
    await user.click(form.getByRole('button', { name: 'Add Limit' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
    expect(dialog.queryByText('Daily limit added successfully')).not.toBeInTheDocument();
    // Kept for another try.
    expect(form.getByLabelText(/^Maximum per day/)).toHaveValue(3);
  });

  it('previews the new limit exactly as Add Limit then sends it', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient/4': { body: { data: codeine } },
      'POST /test-prescription/impact': {
        body: { data: { total: 12, altered: 0, worse: 0, tests: [] } },
      },
      'POST /ingredient/limit': {
        status: 201,
        body: { data: codeine, message: 'Daily limit added successfully' },
      },
      ...categories,
    });
    const { user } = renderLimits(codeine);
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    const form = within(await dialog.findByRole('form', { name: 'Add Limit' }));
    // Nothing is asked while the form is not valid.
    expect(requestsTo(fetchMock, 'POST /test-prescription/impact')).toHaveLength(0);
    await user.fill(form.getByLabelText(/^Maximum per day/), '240');
    expect(await form.findByText(/^This change alters no test prescriptions/)).toBeInTheDocument();
    const preview = await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)!.json();
    expect(preview).toEqual({
      operation: 'addIngredientLimit',
      body: { ingredient_id: 4, basis: 'age', category_id: 21, max_daily_amount: 240, unit: 'mg' },
    });
    await user.click(form.getByRole('button', { name: 'Add Limit' }));
    expect(await findToast('Daily limit added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /ingredient/limit')[0].json()).toEqual(preview.body);
  });

  it('changes a limit’s amount and unit with PUT /ingredient/limit { id, max_daily_amount, unit }', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient/3': { body: { data: paracetamol } },
      'PUT /ingredient/limit': {
        body: { data: paracetamol, message: 'Daily limit updated successfully' },
      },
      ...categories,
    });
    const { user } = renderLimits(paracetamol);
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    await user.click(dialog.getByRole('button', { name: 'Edit Adult (18–65 years): 4 g' }));
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Limit' }));
    expect(edit.getByLabelText(/^Maximum per day/)).toHaveValue(4);
    expect(edit.getByLabelText(/^Unit/)).toHaveDisplayValue('G');
    await user.clear(edit.getByLabelText(/^Maximum per day/));
    await user.fill(edit.getByLabelText(/^Maximum per day/), '3000');
    await user.selectOptions(edit.getByLabelText(/^Unit/), 'Mg');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    expect(await findToast('Daily limit updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /ingredient/limit')[0].json()).toEqual({
      id: 51,
      max_daily_amount: 3000,
      unit: 'mg',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Limit' })).not.toBeInTheDocument(),
    );
  });

  it('removes a limit after the confirm, with DELETE /ingredient/limit { id }', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient/3': versions(paracetamol, {
        ...paracetamol,
        limits: [paracetamol.limits[1]],
      }),
      'DELETE /ingredient/limit': { body: { message: 'Daily limit removed successfully' } },
      ...categories,
    });
    const { user } = renderLimits(paracetamol);
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    await user.click(dialog.getByRole('button', { name: 'Remove Adult (18–65 years): 4 g' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Limit' }));
    expect(
      confirm.getByText(
        'Are you sure you want to remove this daily limit? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(confirm.getByText('Adult (18–65 years): 4 g')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await findToast('Daily limit removed successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /ingredient/limit')[0].json()).toEqual({ id: 51 });
    // Once the confirm has gone (the dialog under it is hidden from assistive technology until then).
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove Limit' })).not.toBeInTheDocument(),
    );
    const limits = within(dialog.getByRole('list', { name: 'Daily limits of Paracetamol' }));
    await waitFor(() =>
      expect(limits.queryByText('Adult (18–65 years): 4 g')).not.toBeInTheDocument(),
    );
    expect(limits.getByText('Underweight (0–50 kg): 60 mg/kg')).toBeInTheDocument();
  });

  it('shows a viewer the limits, with nothing to add, edit or remove', async () => {
    const fetchMock = mockFetch({ 'GET /ingredient/3': { body: { data: paracetamol } } });
    renderLimits(paracetamol, signedIn(viewerUser));
    const dialog = within(await screen.findByRole('dialog', { name: 'Daily Limits' }));
    expect(dialog.getByText('Adult (18–65 years): 4 g')).toBeInTheDocument();
    expect(dialog.queryByRole('form')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /^(Edit|Remove)/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /age-category')).toHaveLength(0);
  });
});
