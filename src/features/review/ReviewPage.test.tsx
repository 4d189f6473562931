import { screen, waitFor, within } from '@testing-library/react';
import type { PendingChange, User } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler } from '@/test/mockFetch';
import { signedIn, testUser, viewerUser } from '@/test/fixtures';
import { ReviewPage } from './ReviewPage';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const editorUser: User = { ...testUser, id: 9, name: 'Eddie Editor', role: 'editor' };

/** An interaction made more severe by the editor, awaiting review. */
const severityRaised: PendingChange = {
  entity: 'drug_interaction',
  entity_id: 3,
  label: 'Warfarin + Ibuprofen',
  action: 'update',
  before: { id: 3, severity: 'moderate', description: 'Bleeding risk' },
  after: { id: 3, severity: 'major', description: 'Increased bleeding risk' },
  fields: ['severity', 'description'],
  authors: [
    { entry_id: 41, actor_id: 9, actor_name: 'Eddie Editor', action: 'update', at: ago(3 * HOUR) },
  ],
  review: null,
};

/**
 * A condition added by the administrator, approved by the editor: as the server sends it, with no
 * record in the release (`before: null`, which the contract allows).
 */
const goutAdded = {
  entity: 'condition',
  entity_id: 4,
  label: 'Gout',
  action: 'create',
  before: null,
  after: { id: 4, name: 'Gout', description: null },
  fields: ['name'],
  authors: [
    { entry_id: 42, actor_id: 7, actor_name: 'Ada Admin', action: 'create', at: ago(2 * HOUR) },
  ],
  review: {
    decision: 'approved',
    reviewer_name: 'Eddie Editor',
    comment: 'Checked against the guideline',
    at: ago(HOUR),
  },
};

const STATUS = {
  body: { data: { latest: null, scheduled: null, newest: 3, changes: 2, awaiting_review: 1 } },
};

function renderReview(user: User, routes: Record<string, MockHandler> = {}) {
  const fetchMock = mockFetch({
    'GET /review': { body: { data: [severityRaised, goutAdded] } },
    'GET /release/status': STATUS,
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(<ReviewPage />, { preloadedState: signedIn(user) }),
  };
}

const card = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the Review screen', () => {
  it('shows each changed record: what the draft did, each field before and after, who changed it, and its review', async () => {
    renderReview(testUser);
    const interaction = await card('Warfarin + Ibuprofen (Drug interaction)');
    expect(interaction.getByText('Updated')).toBeInTheDocument();
    expect(interaction.getByText('Awaiting review')).toBeInTheDocument();
    const fields = within(
      interaction.getByRole('grid', { name: 'Changes to Warfarin + Ibuprofen (Drug interaction)' }),
    );
    const severity = within(
      fields.getByRole('gridcell', { name: 'severity' }).closest<HTMLElement>('[role="row"]')!,
    );
    expect(severity.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual([
      'severity',
      'moderate',
      'major',
    ]);
    expect(fields.getByText('Increased bleeding risk')).toBeInTheDocument();
    const authors = within(interaction.getByRole('list', { name: 'Changed by' }));
    expect(authors.getByRole('listitem')).toHaveTextContent('Eddie Editor: Updated, 3 hours ago');

    const gout = await card('Gout (Condition)');
    expect(gout.getByText('Created')).toBeInTheDocument();
    expect(gout.getByText('Approved by Eddie Editor')).toBeInTheDocument();
    expect(gout.getByText('Review comment: Checked against the guideline')).toBeInTheDocument();
    // A created record had no values in the release.
    const name = within(
      within(gout.getByRole('grid', { name: 'Changes to Gout (Condition)' }))
        .getByRole('gridcell', { name: 'name' })
        .closest<HTMLElement>('[role="row"]')!,
    );
    expect(name.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual([
      'name',
      '—',
      'Gout',
    ]);
    // Already approved: only a rejection is left to decide.
    expect(gout.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(
      screen.getByText('2 records changed since the latest release, 1 awaiting review'),
    ).toBeVisible();
  });

  it("approves a change with a comment, and says so in the server's words", async () => {
    const { user, fetchMock } = renderReview(testUser, {
      'POST /review/approve': {
        body: { data: { ...severityRaised }, message: 'Warfarin + Ibuprofen approved' },
      },
    });
    const interaction = await card('Warfarin + Ibuprofen (Drug interaction)');
    await user.click(interaction.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this change?' }));
    expect(dialog.getByText('Warfarin + Ibuprofen (Drug interaction)')).toBeInTheDocument();
    await user.fill(
      dialog.getByRole('textbox', { name: 'Comment (optional)' }),
      'Matches the SmPC',
    );
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    await findToast('Warfarin + Ibuprofen approved');
    const [sent] = requestsTo(fetchMock, 'POST /review/approve');
    expect(await sent.json()).toEqual({
      entity: 'drug_interaction',
      entity_id: 3,
      comment: 'Matches the SmPC',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the approval changed it.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /review')).toHaveLength(2));
  });

  it('asks before rejecting, and sends no comment when none is given', async () => {
    const { user, fetchMock } = renderReview(testUser, {
      'POST /review/reject': { body: { message: 'Warfarin + Ibuprofen is back to release 3' } },
    });
    const interaction = await card('Warfarin + Ibuprofen (Drug interaction)');
    await user.click(interaction.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject this change?' }));
    expect(
      dialog.getByText(/The draft record goes back to its values in release 3/),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /review/reject')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    await findToast('Warfarin + Ibuprofen is back to release 3');
    const [sent] = requestsTo(fetchMock, 'POST /review/reject');
    expect(await sent.json()).toEqual({ entity: 'drug_interaction', entity_id: 3 });
  });

  it("shows the server's refusal to review one's own change in the dialog, which stays open", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = 'You changed this record: another reviewer must approve it.';
    const { user } = renderReview(editorUser, {
      'POST /review/approve': { status: 403, body: { message: refusal } },
    });
    const interaction = await card('Warfarin + Ibuprofen (Drug interaction)');
    expect(
      interaction.getByText('You changed this record: another reviewer must approve or reject it.'),
    ).toBeInTheDocument();
    await user.click(interaction.getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve this change?' }));
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
    expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a viewer the changes without Approve or Reject', async () => {
    renderReview(viewerUser);
    const interaction = await card('Warfarin + Ibuprofen (Drug interaction)');
    expect(interaction.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(interaction.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('says when nothing changed since the latest release', async () => {
    renderReview(testUser, { 'GET /review': { body: { data: [] } } });
    expect(await screen.findByText('No changes since the latest release.')).toBeInTheDocument();
  });

  it('says when the changes could not be loaded, and loads them again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { user } = renderReview(testUser, {
      'GET /review': () =>
        fail
          ? { status: 500, body: { message: 'The server is having a moment' } }
          : { body: { data: [severityRaised] } },
    });
    expect(await screen.findByText('The pending changes could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByText('The server is having a moment').length).toBeGreaterThan(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Warfarin + Ibuprofen (Drug interaction)')).toBeTruthy();
  });
});
