import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Ingredient } from '@/api';
import { makeStore } from '@/app/store';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch as mockApi, requestsTo, type MockHandler } from '@/test/mockFetch';
import { noHistory, signedIn, viewerUser } from '@/test/fixtures';
import { amoxicillin } from '@/test/medicationFixtures';
import { oneWorseImpact } from '@/test/testPrescriptionFixtures';
import { AddIngredientDialog, EditStrengthDialog } from './IngredientDialogs';
import { MedicationDetailPage } from './MedicationDetailPage';

// The page with its grids renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** An ingredient of Amoxicillin (7), listing it among the medications containing it. */
function ingredientOf(
  id: number,
  name: string,
  linkId: number,
  strength: Pick<Ingredient['medications'][number], 'amount' | 'amount_unit' | 'per_unit'>,
): Ingredient {
  return {
    id,
    name,
    medications: [
      // Another medication's link comes first: the page shows only this one's.
      { id: linkId + 100, medication_id: 99, name: 'Co-amoxiclav', ...strength, amount: 1 },
      { id: linkId, medication_id: 7, name: 'Amoxicillin', ...strength },
    ],
    limits: [],
    codes: [],
  };
}

const amoxicillinIngredient = ingredientOf(5, 'Amoxicillin', 71, {
  amount: 500,
  amount_unit: 'mg',
  per_unit: 'capsule',
});
const clavulanicAcid = ingredientOf(6, 'Clavulanic acid', 72, {
  amount: null,
  amount_unit: null,
  per_unit: null,
});
const lactose: Ingredient = { id: 9, name: 'Lactose', medications: [], limits: [], codes: [] };

const pageOf = (rows: Ingredient[], size: number) => ({
  body: { data: rows, meta: { total: rows.length, page: 1, page_size: size } },
});

/**
 * GET /ingredient: the picker's search (20 at a time, every ingredient here), or the section's
 * list of the medication's ingredients, each of `versions` in turn (the last one from then on).
 */
function ingredients(...versions: Ingredient[][]): MockHandler {
  let call = 0;
  return (request) => {
    const query = new URL(request.url).searchParams;
    if (query.get('page_size') === '20')
      return pageOf([amoxicillinIngredient, clavulanicAcid, lactose], 20);
    return pageOf(versions[Math.min(call++, versions.length - 1)], 100);
  };
}

function mockFetch(routes: Record<string, MockHandler>) {
  return mockApi({
    'GET /audit': noHistory,
    'GET /drug-class': { body: { data: [], meta: { total: 0, page: 1, page_size: 100 } } },
    'GET /medication/7': { body: { data: amoxicillin } },
    'GET /renal-rule': { body: { data: [] } },
    ...routes,
  });
}

function renderDetail(store = makeStore(signedIn())) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/drugs/medications/:id" element={<MedicationDetailPage />} />
    </Routes>,
    { route: '/dashboard/drugs/medications/7', store },
  );
}

async function ingredientsSection() {
  const section = within(await screen.findByRole('region', { name: 'Ingredients' }));
  await section.findByRole('grid', { name: 'Ingredients' });
  return section;
}

describe("a medication's Ingredients", () => {
  it('lists what it contains with each strength, from the ingredients of this medication', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient': ingredients([amoxicillinIngredient, clavulanicAcid]),
    });
    renderDetail();
    const section = await ingredientsSection();
    expect(section.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Ingredient',
      'Strength',
      'Actions',
    ]);
    const rows = section
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('gridcell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Amoxicillin', '500 mg per capsule'],
      ['Clavulanic acid', 'Strength not stated'],
    ]);
    const [asked] = requestsTo(fetchMock, 'GET /ingredient');
    expect(Object.fromEntries(new URL(asked.url).searchParams)).toEqual({
      medication_id: '7',
      page: '1',
      page_size: '100',
      sort: 'name',
    });
  });

  it('adds an ingredient with its strength: all three parts or none, checked before sending', async () => {
    const withLactose: Ingredient = {
      ...lactose,
      medications: [
        {
          id: 73,
          medication_id: 7,
          name: 'Amoxicillin',
          amount: 125,
          amount_unit: 'mg',
          per_unit: 'capsule',
        },
      ],
    };
    const fetchMock = mockFetch({
      'GET /ingredient': ingredients([amoxicillinIngredient], [amoxicillinIngredient, withLactose]),
      'POST /ingredient/medication': {
        status: 201,
        body: { data: withLactose, message: 'Ingredient added to the medication' },
      },
    });
    const { user } = renderDetail();
    const section = await ingredientsSection();
    await user.click(section.getByRole('button', { name: 'Add Ingredient' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Ingredient' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    await user.type(dialog.getByRole('combobox', { name: /^Ingredient/ }), 'a');
    // Its own ingredients cannot be picked again.
    expect(
      await screen.findByRole('option', { name: 'Amoxicillin (already listed)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Lactose' }));

    // An amount alone is not a strength.
    await user.fill(dialog.getByLabelText(/^Amount$/), '125');
    await user.click(dialog.getByRole('button', { name: 'Add Ingredient' }));
    expect(
      await dialog.findAllByText(
        'A strength needs the amount, its unit and what it is per, or none of them',
      ),
    ).toHaveLength(2);
    expect(requestsTo(fetchMock, 'POST /ingredient/medication')).toHaveLength(0);
    expect(
      within(dialog.getByLabelText(/^Per unit/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not stated', 'Tablet', 'Capsule', 'Ml']);

    await user.selectOptions(dialog.getByLabelText(/^Amount unit/), 'Mg');
    await user.selectOptions(dialog.getByLabelText(/^Per unit/), 'Capsule');
    await user.click(dialog.getByRole('button', { name: 'Add Ingredient' }));
    expect(await findToast('Ingredient added to the medication')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /ingredient/medication')[0].json()).toEqual({
      medication_id: 7,
      ingredient_id: 9,
      amount: 125,
      amount_unit: 'mg',
      per_unit: 'capsule',
    });
    // The section's list is asked for again (the cache's tags) and shows the ingredient.
    expect(await section.findByRole('gridcell', { name: 'Lactose' })).toBeInTheDocument();
    expect(section.getByRole('gridcell', { name: '125 mg per capsule' })).toBeInTheDocument();
  });

  it('adds an ingredient of no stated strength with no strength in the request', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient': ingredients([amoxicillinIngredient]),
      'POST /ingredient/medication': {
        status: 201,
        body: { data: lactose, message: 'Ingredient added to the medication' },
      },
    });
    const { user } = renderDetail();
    const section = await ingredientsSection();
    await user.click(section.getByRole('button', { name: 'Add Ingredient' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Ingredient' }));
    await user.type(dialog.getByRole('combobox', { name: /^Ingredient/ }), 'lac');
    await user.click(await screen.findByRole('option', { name: 'Lactose' }));
    await user.click(dialog.getByRole('button', { name: 'Add Ingredient' }));
    expect(await findToast('Ingredient added to the medication')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /ingredient/medication')[0].json()).toEqual({
      medication_id: 7,
      ingredient_id: 9,
    });
  });

  it('edits a strength by its link; emptied, the strength is removed', async () => {
    const fetchMock = mockFetch({
      'GET /ingredient': ingredients([amoxicillinIngredient]),
      'PUT /ingredient/medication': {
        body: { data: amoxicillinIngredient, message: 'Strength updated successfully' },
      },
    });
    const { user } = renderDetail();
    const section = await ingredientsSection();
    await user.click(section.getByRole('button', { name: 'Edit strength of Amoxicillin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Strength' }));
    expect(dialog.getByLabelText('Ingredient')).toHaveValue('Amoxicillin');
    expect(dialog.getByLabelText(/^Amount$/)).toHaveValue(500);
    expect(dialog.getByLabelText(/^Amount unit/)).toHaveDisplayValue('Mg');
    expect(dialog.getByLabelText(/^Per unit/)).toHaveDisplayValue('Capsule');

    await user.clear(dialog.getByLabelText(/^Amount$/));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText(
        'A strength needs the amount, its unit and what it is per, or none of them',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /ingredient/medication')).toHaveLength(0);

    await user.selectOptions(dialog.getByLabelText(/^Amount unit/), 'Not stated');
    await user.selectOptions(dialog.getByLabelText(/^Per unit/), 'Not stated');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Strength updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /ingredient/medication')[0].json()).toEqual({
      id: 71,
    });
  });

  it("removes an ingredient after the confirm, by its link; the server's refusal of the last one is shown", async () => {
    const refusal =
      'A medication contains at least one ingredient: add another before removing this one.';
    const fetchMock = mockFetch({
      'GET /ingredient': ingredients([amoxicillinIngredient]),
      'DELETE /ingredient/medication': { status: 409, body: { message: refusal } },
    });
    const { user } = renderDetail();
    const section = await ingredientsSection();
    await user.click(section.getByRole('button', { name: 'Remove ingredient Amoxicillin' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Ingredient' }));
    expect(
      confirm.getByText('Are you sure you want to remove this ingredient from the medication?'),
    ).toBeInTheDocument();
    expect(confirm.getByText('Amoxicillin')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /ingredient/medication')[0].json()).toEqual({
      id: 71,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(section.getByRole('gridcell', { name: 'Amoxicillin' })).toBeInTheDocument();
  });

  it('shows a viewer the ingredients with nothing to add, edit or remove', async () => {
    mockFetch({ 'GET /ingredient': ingredients([amoxicillinIngredient]) });
    renderDetail(makeStore(signedIn(viewerUser)));
    const section = await ingredientsSection();
    expect(section.getByRole('gridcell', { name: '500 mg per capsule' })).toBeInTheDocument();
    // The grid's own sort buttons only.
    expect(section.queryByRole('button', { name: /^(Add|Edit|Remove)\b/ })).not.toBeInTheDocument();
    expect(section.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});

describe("a medication ingredient change's impact on the test prescriptions", () => {
  const noneAltered = { body: { data: { total: 12, altered: 0, worse: 0, tests: [] } } };

  it('Edit Strength previews exactly the strength it then sends, and says a test would be worse than expected', async () => {
    const paracetamolInCocodamol = {
      id: 74,
      medication_id: 40,
      ingredient_id: 3,
      name: 'Paracetamol',
      amount: 500,
      amount_unit: 'mg' as const,
      per_unit: 'tablet' as const,
    };
    const fetchMock = mockApi({
      // A tenth of the strength hides most of a day's paracetamol from its daily limit.
      'POST /test-prescription/impact': async (request) =>
        (await request.json()).body.amount === 50
          ? oneWorseImpact(
              'Paracetamol with co-codamol',
              'No longer: ingredient finding for Paracetamol + Co-codamol 30/500 (major)',
            )
          : noneAltered,
      'PUT /ingredient/medication': {
        body: { data: lactose, message: 'Strength updated successfully' },
      },
    });
    const { user } = renderWithProviders(
      <EditStrengthDialog
        open
        medication={{ name: 'Co-codamol 30/500' }}
        ingredient={paracetamolInCocodamol}
        onClose={jest.fn()}
      />,
      { preloadedState: signedIn() },
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Strength' }));
    await user.clear(dialog.getByLabelText(/^Amount$/));
    await user.fill(dialog.getByLabelText(/^Amount$/), '50');
    expect(await dialog.findByText('1 would be worse than expected')).toBeInTheDocument();
    const preview = await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)!.json();
    expect(preview).toEqual({
      operation: 'updateMedicationIngredient',
      body: { id: 74, amount: 50, amount_unit: 'mg', per_unit: 'tablet' },
    });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Strength updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /ingredient/medication')[0].json()).toEqual(
      preview.body,
    );
  });

  it('Add Ingredient previews exactly the link it then sends', async () => {
    const fetchMock = mockApi({
      'GET /ingredient': ingredients([]),
      'POST /test-prescription/impact': noneAltered,
      'POST /ingredient/medication': {
        status: 201,
        body: { data: lactose, message: 'Ingredient added to the medication' },
      },
    });
    const { user } = renderWithProviders(
      <AddIngredientDialog open medication={amoxicillin} ingredientIds={[5]} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Add Ingredient' }));
    await user.type(await dialog.findByRole('combobox', { name: /^Ingredient/ }), 'lac');
    await user.click(await screen.findByRole('option', { name: 'Lactose' }));
    expect(
      await dialog.findByText(/^This change alters no test prescriptions/),
    ).toBeInTheDocument();
    const preview = await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)!.json();
    expect(preview).toEqual({
      operation: 'addMedicationIngredient',
      body: { medication_id: 7, ingredient_id: 9 },
    });
    await user.click(dialog.getByRole('button', { name: 'Add Ingredient' }));
    expect(await findToast('Ingredient added to the medication')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /ingredient/medication')[0].json()).toEqual(
      preview.body,
    );
  });
});
