import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AgeCategory } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { AgeCategoriesPage } from './AgeCategoriesPage';

const neonate: AgeCategory = {
  id: 1,
  min_age: 0,
  max_age: 28,
  age_unit: 'days',
  category_name: 'Pediatric',
  description: 'Birth to 28 days',
};
const adult: AgeCategory = {
  id: 4,
  min_age: 18,
  max_age: 64,
  age_unit: 'years',
  category_name: null,
  description: null,
};

function renderPage() {
  return renderWithProviders(<AgeCategoriesPage />, { preloadedState: signedIn() });
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

describe('/dashboard/drugs/age-categories', () => {
  it("lists Age Range ('min - max'), Age Unit (capitalised), Category (or '-'), Actions", async () => {
    mockFetch({ 'GET /age-category': { body: { data: [neonate, adult] } } });
    renderPage();
    const first = await rowOf('0 - 28');
    expect(first.getByRole('gridcell', { name: 'Days' })).toBeInTheDocument();
    expect(first.getByRole('gridcell', { name: 'Pediatric' })).toBeInTheDocument();
    const second = await rowOf('18 - 64');
    expect(second.getByRole('gridcell', { name: 'Years' })).toBeInTheDocument();
    expect(second.getByRole('gridcell', { name: '-' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Age Range',
      'Age Unit',
      'Category',
      'Actions',
    ]);
  });

  it('a new one starts at 0 to 0 Years with no category; min above max is refused under the field', async () => {
    const created: AgeCategory = { ...adult, id: 9, min_age: 1, max_age: 12, age_unit: 'months' };
    const fetchMock = mockFetch({
      'GET /age-category': { body: { data: [adult] } },
      'POST /age-category': {
        status: 201,
        body: { data: created, message: 'Age category 9 was created' },
      },
    });
    const { user } = renderPage();
    await rowOf('18 - 64');
    await user.click(screen.getByRole('button', { name: 'Add Age Category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Age Category' }));
    expect(form.getByLabelText(/^Minimum age/)).toHaveValue(0);
    expect(form.getByLabelText(/^Maximum age/)).toHaveValue(0);
    expect(form.getByLabelText(/^Age unit/)).toHaveDisplayValue('Years');
    expect(form.getByLabelText(/^Category/)).toHaveDisplayValue('None');
    expect(
      within(form.getByLabelText(/^Age unit/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Years', 'Months', 'Days']);
    expect(
      within(form.getByLabelText(/^Category/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Adult', 'Pediatric', 'Geriatric']);

    await user.clear(form.getByLabelText(/^Minimum age/));
    await user.type(form.getByLabelText(/^Minimum age/), '13');
    await user.clear(form.getByLabelText(/^Maximum age/));
    await user.type(form.getByLabelText(/^Maximum age/), '12');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Minimum age must not exceed maximum age')).toBeInTheDocument();
    expect(form.getByLabelText(/^Minimum age/)).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /age-category')).toHaveLength(0);

    await user.clear(form.getByLabelText(/^Minimum age/));
    await user.type(form.getByLabelText(/^Minimum age/), '1');
    await user.selectOptions(form.getByLabelText(/^Age unit/), 'Months');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Age category 9 was created')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /age-category')[0].json()).toEqual({
      minimum_age: 1,
      maximum_age: 12,
      unit: 'months',
      category: null,
      description: null,
    });
  });

  it('requires the numbers and refuses negative ones', async () => {
    const fetchMock = mockFetch({ 'GET /age-category': { body: { data: [] } } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Age Category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Age Category' }));
    await user.clear(form.getByLabelText(/^Minimum age/));
    await user.clear(form.getByLabelText(/^Maximum age/));
    await user.type(form.getByLabelText(/^Maximum age/), '-3');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Minimum age is required')).toBeInTheDocument();
    expect(form.getByText('Maximum age must be 0 or more')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /age-category')).toHaveLength(0);
  });

  it("edits one with the write shape and the id; the server's refusal shows under the field", async () => {
    let attempts = 0;
    const fetchMock = mockFetch({
      'GET /age-category': { body: { data: [neonate] } },
      'PUT /age-category': () =>
        attempts++ === 0
          ? {
              status: 422,
              body: {
                message: 'Minimum must not exceed maximum.',
                errors: { minimum_age: ['minimum_age must not exceed maximum_age'] },
              },
            }
          : // Not the screen's own fallback text: the toast must be the server's words.
            { body: { data: neonate, message: 'Age category 1 was updated' } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit 0 - 28 Days (Pediatric)' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Age Category' }));
    expect(form.getByLabelText(/^Minimum age/)).toHaveValue(0);
    expect(form.getByLabelText(/^Maximum age/)).toHaveValue(28);
    expect(form.getByLabelText(/^Age unit/)).toHaveValue('days');
    expect(form.getByLabelText(/^Category/)).toHaveValue('Pediatric');
    expect(form.getByLabelText(/^Description/)).toHaveValue('Birth to 28 days');
    await user.selectOptions(form.getByLabelText(/^Category/), 'None');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('minimum_age must not exceed maximum_age')).toBeInTheDocument();
    expect(form.getByRole('alert')).toHaveTextContent('Minimum must not exceed maximum.');
    expect(
      screen
        .getAllByText('Minimum must not exceed maximum.')
        .some((el) => el.closest('[data-toast-order]')),
    ).toBe(true);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Age category 1 was updated')).toBeInTheDocument();
    const sent = await Promise.all(requestsTo(fetchMock, 'PUT /age-category').map((r) => r.json()));
    expect(sent[1]).toEqual({
      id: 1,
      minimum_age: 0,
      maximum_age: 28,
      unit: 'days',
      category: null,
      description: 'Birth to 28 days',
    });
  });

  it('deletes on the server after the confirm; a refusal (409) shows the server message', async () => {
    const refusal =
      'This age category cannot be deleted: it is still used by the dosages of: Paracetamol.';
    const fetchMock = mockFetch({
      'GET /age-category': { body: { data: [neonate, adult] } },
      'DELETE /age-category/1': { status: 409, body: { message: refusal } },
      'DELETE /age-category/4': { body: { message: 'Age category deleted successfully' } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete 0 - 28 Days (Pediatric)' }));
    let confirm = within(await screen.findByRole('dialog', { name: 'Delete Age Category' }));
    expect(
      confirm.getByText('Are you sure you want to delete this age category?'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete 18 - 64 Years' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Delete Age Category' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Age category deleted successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /age-category/4')).toHaveLength(1);
  });
});
