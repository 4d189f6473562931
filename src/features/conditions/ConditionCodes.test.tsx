import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Condition } from '@/api';
import { ICD10, SNOMED } from '@/lib/codes';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { renderWithProviders } from '@/test/renderWithProviders';
import { renderResourceForm, sendSaved } from '@/test/renderListApi';
import { signedIn, viewerUser } from '@/test/fixtures';
import { ConditionsPage, conditionResource } from './ConditionsPage';

const hypertension: Condition = {
  id: 1,
  name: 'Hypertension',
  description: null,
  affects_kidney_function: false,
  codes: [
    { system: ICD10, code: 'I10', display: 'Essential hypertension' },
    { system: SNOMED, code: '38341003', display: null },
  ],
};

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('the codes of a condition', () => {
  it('adds a code, refuses a malformed one under its field before sending, and sends it normalised', async () => {
    const { user, onSave } = renderResourceForm(conditionResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Condition' }));
    await user.fill(form.getByLabelText(/^Name/), 'Hypertension');
    await user.click(await form.findByRole('button', { name: 'Add code' }));
    const row = within(form.getByRole('group', { name: 'Code 1' }));
    // A condition takes ICD-10 and SNOMED CT codes only.
    expect(
      within(row.getByLabelText('System'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ICD-10', 'SNOMED CT']);
    await user.selectOptions(row.getByLabelText('System'), 'SNOMED CT');
    // One digit wrong: the check digit no longer matches.
    await user.fill(row.getByLabelText(/^Code/), '38341004');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await row.findByText('A SNOMED CT code is 6 to 18 digits ending with a valid check digit'),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(row.getByLabelText(/^Code/));
    await user.fill(row.getByLabelText(/^Code/), '38341003');
    await user.click(form.getByRole('button', { name: 'Add code' }));
    const second = within(form.getByRole('group', { name: 'Code 2' }));
    await user.fill(second.getByLabelText(/^Code/), ' i10 ');
    await user.fill(second.getByLabelText('Display'), 'Essential hypertension');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [] } },
      'POST /condition': { status: 201, body: { data: hypertension, message: 'Created' } },
    });
    await sendSaved(conditionResource, null, onSave.mock.calls[0]);
    expect((await requestsTo(fetchMock, 'POST /condition')[0].json()).codes).toEqual([
      { system: SNOMED, code: '38341003', display: null },
      { system: ICD10, code: 'I10', display: 'Essential hypertension' },
    ]);
  });

  it('starts from the condition’s codes, removes one, and shows the server’s refusal', async () => {
    const { user, onSave } = renderResourceForm(conditionResource, hypertension);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Condition' }));
    const first = within(await form.findByRole('group', { name: 'Code 1' }));
    expect(first.getByLabelText(/^Code/)).toHaveValue('I10');
    expect(first.getByLabelText('Display')).toHaveValue('Essential hypertension');
    await user.click(form.getByRole('button', { name: 'Remove code 1' }));
    expect(form.queryByRole('group', { name: 'Code 2' })).not.toBeInTheDocument();
    expect(within(form.getByRole('group', { name: 'Code 1' })).getByLabelText(/^Code/)).toHaveValue(
      '38341003',
    );

    const message = 'SNOMED CT 38341003 is already used by the condition Essential hypertension.';
    onSave.mockRejectedValueOnce({
      status: 409,
      message,
      errors: { 'codes.0.code': [message.slice(0, -1)] },
    });
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(
      within(form.getByRole('group', { name: 'Code 1' })).getByText(message.slice(0, -1)),
    ).toBeInTheDocument();
    expect(onSave.mock.calls[0][0]).toMatchObject({
      codes: [{ system: SNOMED, code: '38341003', display: null }],
    });
  });

  it('shows each condition’s codes in the list as chips', async () => {
    mockFetch({
      'GET /condition': {
        body: { data: [hypertension], meta: { total: 1, page: 1, page_size: 25 } },
      },
    });
    renderWithProviders(<ConditionsPage />, { preloadedState: signedIn(viewerUser) });
    const grid = within(await screen.findByRole('grid', { name: 'Conditions' }));
    expect(await grid.findByText('ICD-10 I10')).toBeInTheDocument();
    expect(grid.getByText('SNOMED CT 38341003')).toBeInTheDocument();
    expect(grid.getByRole('columnheader', { name: 'Codes' })).toBeInTheDocument();
  });
});
