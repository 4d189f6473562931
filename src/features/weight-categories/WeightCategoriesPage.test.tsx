import { configure, screen, waitFor, within } from '@testing-library/react';
import type { WeightCategory } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { WeightCategoriesPage } from './WeightCategoriesPage';

const normal: WeightCategory = {
  id: 2,
  min_weight: 50.1,
  max_weight: 80,
  weight_unit: 'kg',
  category_name: 'Normal',
  description: '50.1 to 80 kg',
};
const heavy: WeightCategory = {
  id: 7,
  min_weight: 220,
  max_weight: 660,
  weight_unit: 'lbs',
  category_name: 'Obese',
  description: null,
};

function renderPage() {
  return renderWithProviders(<WeightCategoriesPage />, { preloadedState: signedIn() });
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

describe('/dashboard/drugs/weight-categories', () => {
  it('lists Weight Range, Weight Unit (capitalised), Category, Description, Actions', async () => {
    mockFetch({ 'GET /weight-category': { body: { data: [normal, heavy] } } });
    renderPage();
    const first = await rowOf('50.1 - 80');
    expect(first.getByRole('gridcell', { name: 'Kg' })).toBeInTheDocument();
    expect(first.getByRole('gridcell', { name: 'Normal' })).toBeInTheDocument();
    expect(first.getByRole('gridcell', { name: '50.1 to 80 kg' })).toBeInTheDocument();
    const second = await rowOf('220 - 660');
    expect(second.getByRole('gridcell', { name: 'Lbs' })).toBeInTheDocument();
    expect(second.getByRole('gridcell', { name: '-' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Weight Range',
      'Weight Unit',
      'Category',
      'Description',
      'Actions',
    ]);
  });

  it('a new one starts at 0 to 0 Kg, Normal, in steps of 0.1; min above max is refused', async () => {
    const fetchMock = mockFetch({
      'GET /weight-category': { body: { data: [] } },
      'POST /weight-category': {
        status: 201,
        body: { data: heavy, message: 'Weight category 7 was created' },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Weight Category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Weight Category' }));
    expect(form.getByLabelText(/^Minimum weight/)).toHaveValue(0);
    expect(form.getByLabelText(/^Maximum weight/)).toHaveValue(0);
    expect(form.getByLabelText(/^Minimum weight/)).toHaveAttribute('step', '0.1');
    expect(form.getByLabelText(/^Maximum weight/)).toHaveAttribute('min', '0');
    expect(form.getByLabelText(/^Weight unit/)).toHaveDisplayValue('Kg');
    expect(form.getByLabelText(/^Category/)).toHaveDisplayValue('Normal');
    expect(
      within(form.getByLabelText(/^Weight unit/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kg', 'Lbs']);
    expect(
      within(form.getByLabelText(/^Category/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Underweight', 'Normal', 'Overweight', 'Obese']);

    await user.clear(form.getByLabelText(/^Minimum weight/));
    await user.type(form.getByLabelText(/^Minimum weight/), '100.5');
    await user.clear(form.getByLabelText(/^Maximum weight/));
    await user.type(form.getByLabelText(/^Maximum weight/), '100.4');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText('Minimum weight must not exceed maximum weight'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /weight-category')).toHaveLength(0);

    await user.clear(form.getByLabelText(/^Maximum weight/));
    await user.type(form.getByLabelText(/^Maximum weight/), '660');
    await user.selectOptions(form.getByLabelText(/^Weight unit/), 'Lbs');
    await user.selectOptions(form.getByLabelText(/^Category/), 'Obese');
    await user.type(form.getByLabelText(/^Description/), 'Heavy');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Weight category 7 was created')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /weight-category')[0].json()).toEqual({
      minimum_weight: 100.5,
      maximum_weight: 660,
      unit: 'lbs',
      category: 'Obese',
      description: 'Heavy',
    });
  });

  it("edits one with the write shape and the id; the server's refusal shows under the field", async () => {
    let attempts = 0;
    const fetchMock = mockFetch({
      'GET /weight-category': { body: { data: [normal] } },
      'PUT /weight-category': () =>
        attempts++ === 0
          ? {
              status: 422,
              body: {
                message: 'Minimum must not exceed maximum.',
                errors: { minimum_weight: ['minimum_weight must not exceed maximum_weight'] },
              },
            }
          : // Not the screen's own fallback text: the toast must be the server's words.
            { body: { data: normal, message: 'Weight category 2 was updated' } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Normal (50.1 - 80 Kg)' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Weight Category' }));
    expect(form.getByLabelText(/^Minimum weight/)).toHaveValue(50.1);
    await user.clear(form.getByLabelText(/^Maximum weight/));
    await user.type(form.getByLabelText(/^Maximum weight/), '85');
    await user.clear(form.getByLabelText(/^Description/));
    await user.click(form.getByRole('button', { name: 'Save' }));

    // The server's per-field message under Minimum weight, its message in the form and a toast.
    const fieldError = await form.findByText('minimum_weight must not exceed maximum_weight');
    expect(form.getByLabelText(/^Minimum weight/)).toHaveAccessibleDescription(
      fieldError.textContent!,
    );
    expect(form.getByRole('alert')).toHaveTextContent('Minimum must not exceed maximum.');
    expect(
      screen
        .getAllByText('Minimum must not exceed maximum.')
        .some((el) => el.closest('[data-toast-order]')),
    ).toBe(true);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Weight category 2 was updated')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /weight-category')[1].json()).toEqual({
      id: 2,
      minimum_weight: 50.1,
      maximum_weight: 85,
      unit: 'kg',
      category: 'Normal',
      description: null,
    });
  });

  it('deletes on the server after the confirm; a refusal (409) shows the server message', async () => {
    const refusal =
      'This weight category cannot be deleted: it is still used by the dosages of: Amoxicillin.';
    let deleted = false;
    mockFetch({
      'GET /weight-category': () => ({ body: { data: deleted ? [] : [normal, heavy] } }),
      'DELETE /weight-category/2': { status: 409, body: { message: refusal } },
      'DELETE /weight-category/7': () => {
        deleted = true;
        return { body: { message: 'Weight category deleted successfully' } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Normal (50.1 - 80 Kg)' }));
    let confirm = within(await screen.findByRole('dialog', { name: 'Delete Weight Category' }));
    expect(
      confirm.getByText('Are you sure you want to delete this weight category?'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Obese (220 - 660 Lbs)' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Delete Weight Category' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Weight category deleted successfully')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'No weight categories found. Add a new weight category to get started.',
      ),
    ).toBeInTheDocument();
  });
});
