import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Drug } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { renderResourceForm, sendSaved } from '@/test/renderListApi';
import { DrugsPage, drugResource } from './DrugsPage';

configure({ asyncUtilTimeout: 20_000 });

const ibuprofen: Drug = {
  id: 1,
  name: 'Ibuprofen',
  description: 'Pain and fever relief',
  dosage: '200-400 mg',
  side_effects: ['Nausea', 'Heartburn'],
  contraindications: ['Peptic ulcer'],
  category: 'NSAID',
  manufacturer: 'Acme Pharma',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const amoxicillin: Drug = {
  ...ibuprofen,
  id: 2,
  name: 'Amoxicillin',
  category: 'Antibiotic',
  manufacturer: 'Generic Labs',
  dosage: '500 mg',
  side_effects: ['Rash'],
  contraindications: ['Penicillin allergy'],
};

async function row(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  return within(cell.closest<HTMLElement>('[role="row"]')!);
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs', () => {
  it(`lists Name, Category, Manufacturer, Dosage and Actions under "Drugs Management", and deletes after 'Are you sure you want to delete this drug?'`, async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      'GET /drug': () => ({ body: { data: deleted ? [amoxicillin] : [ibuprofen, amoxicillin] } }),
      'DELETE /drug/1': () => {
        deleted = true;
        return { body: { message: 'Drug deleted successfully' } };
      },
    });
    const { user } = renderWithProviders(<DrugsPage />, { preloadedState: signedIn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Drugs Management' })).toBeInTheDocument();
    const ibu = await row('Ibuprofen');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Category',
      'Manufacturer',
      'Dosage',
      'Actions',
    ]);
    expect(ibu.getByRole('gridcell', { name: 'NSAID' })).toBeInTheDocument();
    expect(ibu.getByRole('gridcell', { name: 'Acme Pharma' })).toBeInTheDocument();
    expect(ibu.getByRole('gridcell', { name: '200-400 mg' })).toBeInTheDocument();
    expect(ibu.getByRole('button', { name: 'Edit Ibuprofen' })).toBeInTheDocument();

    await user.click(ibu.getByRole('button', { name: 'Delete Ibuprofen' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Drug' }));
    expect(confirm.getByText('Are you sure you want to delete this drug?')).toBeInTheDocument();
    expect(confirm.getByText('Ibuprofen')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Drug deleted successfully')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /drug/1')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Ibuprofen' })).not.toBeInTheDocument(),
    );
  });
});

describe('the drugs definition', () => {
  it('requires every field, and sends comma-separated lists trimmed without empty items', async () => {
    const { user, onSave } = renderResourceForm(drugResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Drug' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    for (const text of [
      'Category is required',
      'Manufacturer is required',
      'Dosage is required',
      'Description is required',
      'Enter at least one side effect, separated by commas',
      'Enter at least one contraindication, separated by commas',
    ]) {
      expect(form.getByText(text)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();

    await user.fill(form.getByLabelText(/^Name/), 'Cetirizine');
    await user.fill(form.getByLabelText(/^Category/), 'Antihistamine');
    await user.fill(form.getByLabelText(/^Manufacturer/), 'Allergy Co');
    await user.fill(form.getByLabelText(/^Dosage/), '10 mg');
    await user.fill(form.getByLabelText(/^Description/), 'Allergy relief');
    await user.fill(form.getByLabelText(/^Side Effects/), ' Drowsiness ,, Dry mouth , ');
    await user.fill(form.getByLabelText(/^Contraindications/), 'Kidney disease');
    await waitFor(() => expect(form.getAllByText('Separate items with commas')).toHaveLength(2));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /drug': { body: { data: [] } },
      'POST /drug': { status: 201, body: { data: ibuprofen, message: 'Drug added successfully' } },
    });
    await sendSaved(drugResource, null, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'POST /drug')[0].json()).toEqual({
      name: 'Cetirizine',
      category: 'Antihistamine',
      manufacturer: 'Allergy Co',
      dosage: '10 mg',
      description: 'Allergy relief',
      side_effects: ['Drowsiness', 'Dry mouth'],
      contraindications: ['Kidney disease'],
    });
  });

  it('edits: the lists show comma-separated, and the update sends the id and the lists', async () => {
    const { user, onSave } = renderResourceForm(drugResource, ibuprofen);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Drug' }));
    expect(form.getByLabelText(/^Side Effects/)).toHaveValue('Nausea, Heartburn');
    expect(form.getByLabelText(/^Contraindications/)).toHaveValue('Peptic ulcer');
    await user.fill(form.getByLabelText(/^Side Effects/), ', Dizziness,');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /drug': { body: { data: [ibuprofen] } },
      'PUT /drug': { body: { data: ibuprofen, message: 'Drug updated successfully' } },
    });
    await sendSaved(drugResource, ibuprofen, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /drug')[0].json()).toEqual({
      id: 1,
      name: 'Ibuprofen',
      category: 'NSAID',
      manufacturer: 'Acme Pharma',
      dosage: '200-400 mg',
      description: 'Pain and fever relief',
      side_effects: ['Nausea', 'Heartburn', 'Dizziness'],
      contraindications: ['Peptic ulcer'],
    });
  });
});
