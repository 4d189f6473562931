import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type { Lifestyle } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { firstQuery, renderListApi, renderResourceForm, sendSaved } from '@/test/renderListApi';
import { LifestylesPage, lifestyleResource } from './LifestylesPage';

const smoking: Lifestyle = { id: 2, name: 'Smoking' };
const alcohol: Lifestyle = { id: 1, name: 'Alcohol consumption' };

// A page with its DataGrid renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/lifestyles', () => {
  it("is Lifestyle Management (Name, Edit, Delete, History); a refused add shows the server's message once, and an add closes the form, then the list refreshes by itself", async () => {
    let refuse = true;
    let added = false;
    // The list read after the save waits until the test lets it answer.
    let answerRefresh: () => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /lifestyle': () =>
        added
          ? new Promise<MockReply>(
              (resolve) =>
                (answerRefresh = () =>
                  resolve({ body: { data: [alcohol, { id: 9, name: 'Night shifts' }] } })),
            )
          : { body: { data: [alcohol] } },
      'POST /lifestyle': () => {
        if (refuse) {
          return { status: 409, body: { message: 'A lifestyle with this name already exists.' } };
        }
        added = true;
        return { status: 201, body: { data: { id: 9, name: 'Night shifts' }, message: 'Created' } };
      },
    });
    const { user } = renderWithProviders(<LifestylesPage />, { preloadedState: signedIn() });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Lifestyle Management' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add, edit, and manage lifestyles in the system')).toBeInTheDocument();
    await screen.findByRole('gridcell', { name: 'Alcohol consumption' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Edit',
      'Delete',
      'History',
    ]);

    await user.click(screen.getByRole('button', { name: 'Add Lifestyle' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Lifestyle' }));
    await user.fill(form.getByLabelText(/^Name/), 'Night shifts');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByText('A lifestyle with this name already exists.')
          .some((element) => element.closest('[data-toast-order]')),
      ).toBe(true),
    );
    // One toast (the app-wide error toast stays quiet for this call), and the reason in the form.
    expect(document.querySelectorAll('[data-toast-order]')).toHaveLength(1);
    expect(form.getByRole('alert')).toHaveTextContent('A lifestyle with this name already exists.');

    refuse = false;
    const asked = requestsTo(fetchMock, 'GET /lifestyle').length;
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Lifestyle added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /lifestyle')[1].json()).toEqual({
      name: 'Night shifts',
    });
    // The dialog closes without waiting for the list; then the list refreshes by itself.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /lifestyle')).toHaveLength(asked + 1));
    expect(screen.queryByRole('gridcell', { name: 'Night shifts' })).not.toBeInTheDocument();
    answerRefresh();
    expect(await screen.findByRole('gridcell', { name: 'Night shifts' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /lifestyle')).toHaveLength(asked + 1);
  });
});

describe('the lifestyles definition', () => {
  it('requires a name', async () => {
    const { user, onSave } = renderResourceForm(lifestyleResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Lifestyle' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("edits one with PUT /lifestyle { id, name }: 'Lifestyle updated successfully'", async () => {
    const { user, onSave } = renderResourceForm(lifestyleResource, smoking);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Lifestyle' }));
    expect(form.getByLabelText(/^Name/)).toHaveValue('Smoking');
    await user.clear(form.getByLabelText(/^Name/));
    await user.fill(form.getByLabelText(/^Name/), 'Tobacco smoking');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /lifestyle': { body: { data: [smoking] } },
      'PUT /lifestyle': { body: { data: { id: 2, name: 'Tobacco smoking' }, message: 'Updated' } },
    });
    await sendSaved(lifestyleResource, smoking, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /lifestyle')[0].json()).toEqual({
      id: 2,
      name: 'Tobacco smoking',
    });
    expect(lifestyleResource.feedback?.update.success).toBe('Lifestyle updated successfully');
  });

  it('deletes with DELETE /lifestyle { id } after its confirm', async () => {
    const fetchMock = mockFetch({
      'GET /lifestyle': { body: { data: [alcohol, smoking] } },
      'DELETE /lifestyle': { body: { message: 'Deleted' } },
    });
    const { result } = renderListApi(lifestyleResource, firstQuery(lifestyleResource));
    await act(() => result.current.remove?.(smoking, '').unwrap());
    expect(await requestsTo(fetchMock, 'DELETE /lifestyle')[0].json()).toEqual({ id: 2 });
    expect(lifestyleResource.texts.deleteMessage).toBe(
      'Are you sure you want to delete this lifestyle? This action cannot be undone.',
    );
    expect(lifestyleResource.feedback?.remove.success).toBe('Lifestyle deleted successfully');
  });
});
