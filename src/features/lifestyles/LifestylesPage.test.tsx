import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Lifestyle } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { LifestylesPage } from './LifestylesPage';

const smoking: Lifestyle = { id: 2, name: 'Smoking' };
const alcohol: Lifestyle = { id: 1, name: 'Alcohol consumption' };

function renderPage() {
  return renderWithProviders(<LifestylesPage />, { preloadedState: signedIn() });
}

const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

// A page with its DataGrid renders slowly in jsdom, more so on a busy machine.
/** A notification saying `text`, when the banner says it too. */
const toastSaying = (text: string) =>
  waitFor(() =>
    expect(screen.getAllByText(text).some((element) => element.closest('[data-toast-order]'))).toBe(
      true,
    ),
  );

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/lifestyles', () => {
  it('is Lifestyle Management: Name, Edit, Delete', async () => {
    mockFetch({ 'GET /lifestyle': { body: { data: [alcohol, smoking] } } });
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Lifestyle Management' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add, edit, and manage lifestyles in the system')).toBeInTheDocument();
    await screen.findByRole('gridcell', { name: 'Smoking' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Edit',
      'Delete',
      'History',
    ]);
  });

  it("adds one: the name is required; 'Lifestyle added successfully'; the dialog closes and the list refreshes", async () => {
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
        added = true;
        return { status: 201, body: { data: { id: 9, name: 'Night shifts' }, message: 'Created' } };
      },
    });
    const { user } = renderPage();
    await screen.findByRole('gridcell', { name: 'Alcohol consumption' });
    await user.click(screen.getByRole('button', { name: 'Add Lifestyle' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Lifestyle' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /lifestyle')).toHaveLength(0);

    await user.type(form.getByLabelText(/^Name/), 'Night shifts');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Lifestyle added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /lifestyle')[0].json()).toEqual({
      name: 'Night shifts',
    });
    // The dialog closes without waiting for the list; then the list refreshes by itself.
    await noDialog();
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /lifestyle')).toHaveLength(2));
    expect(screen.queryByRole('gridcell', { name: 'Night shifts' })).not.toBeInTheDocument();
    answerRefresh();
    expect(await screen.findByRole('gridcell', { name: 'Night shifts' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /lifestyle')).toHaveLength(2);
  });

  it("a refused add shows the server's message in one toast and in the dialog, which stays open", async () => {
    mockFetch({
      'GET /lifestyle': { body: { data: [smoking] } },
      'POST /lifestyle': {
        status: 409,
        body: { message: 'A lifestyle with this name already exists.' },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Lifestyle' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Lifestyle' }));
    await user.type(form.getByLabelText(/^Name/), 'smoking');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await toastSaying('A lifestyle with this name already exists.');
    // One toast (the app-wide error toast stays quiet for this call), and the reason in the form.
    expect(document.querySelectorAll('[data-toast-order]')).toHaveLength(1);
    expect(form.getByRole('alert')).toHaveTextContent('A lifestyle with this name already exists.');
    expect(screen.getByRole('dialog', { name: 'Add Lifestyle' })).toBeInTheDocument();
  });

  it("edits one with PUT /lifestyle { id, name }: 'Lifestyle updated successfully'", async () => {
    const fetchMock = mockFetch({
      'GET /lifestyle': { body: { data: [smoking] } },
      'PUT /lifestyle': { body: { data: { id: 2, name: 'Tobacco smoking' }, message: 'Updated' } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Smoking' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Lifestyle' }));
    expect(form.getByLabelText(/^Name/)).toHaveValue('Smoking');
    await user.clear(form.getByLabelText(/^Name/));
    await user.type(form.getByLabelText(/^Name/), 'Tobacco smoking');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Lifestyle updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /lifestyle')[0].json()).toEqual({
      id: 2,
      name: 'Tobacco smoking',
    });
  });

  it('deletes with DELETE /lifestyle { id } after the confirm; a refusal (409) shows its message', async () => {
    const refusal =
      'This lifestyle cannot be deleted: it is still used by the lifestyle contraindications of: Metronidazole.';
    const fetchMock = mockFetch({
      'GET /lifestyle': { body: { data: [alcohol, smoking] } },
      'DELETE /lifestyle': async (request) => {
        const { id } = (await request.json()) as { id: number };
        return id === 1
          ? { status: 409, body: { message: refusal } }
          : { body: { message: 'Deleted' } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Alcohol consumption' }));
    let confirm = within(await screen.findByRole('dialog', { name: 'Delete Lifestyle' }));
    expect(
      confirm.getByText(
        'Are you sure you want to delete this lifestyle? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    await noDialog();

    await user.click(screen.getByRole('button', { name: 'Delete Smoking' }));
    confirm = within(await screen.findByRole('dialog', { name: 'Delete Lifestyle' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Lifestyle deleted successfully')).toBeInTheDocument();
    const bodies = await Promise.all(
      requestsTo(fetchMock, 'DELETE /lifestyle').map((r) => r.json()),
    );
    expect(bodies).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
