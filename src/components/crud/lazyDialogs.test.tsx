import { screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { renderWithProviders } from '@/test/renderWithProviders';
import { requiredText } from './schema';
import { LazyConfirmDialog } from './LazyConfirmDialog';
import { LazyCrudFormDialog, preloadCrudFormDialog } from './LazyCrudFormDialog';

const schema = z.object({ name: requiredText('Name') });

const confirm = (
  <LazyConfirmDialog
    open
    title="Delete Thing"
    message="Are you sure you want to delete this thing?"
    onConfirm={async () => undefined}
    onClose={() => undefined}
  />
);

describe('the dialogs whose code loads on first use', () => {
  it('open the add/edit form in its first render once its code is preloaded', async () => {
    await preloadCrudFormDialog();
    renderWithProviders(
      <LazyCrudFormDialog
        open
        title="Add Thing"
        resolver={zodResolver(schema)}
        defaultValues={{ name: '' }}
        fields={[{ kind: 'text', name: 'name', label: 'Name', required: true }]}
        onSubmit={async () => undefined}
        onClose={() => undefined}
      />,
    );
    // There at once: no render that waits for the code first (React.lazy would hold it back).
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it('show the confirm when its code arrives, and at once from then on', async () => {
    const first = renderWithProviders(confirm);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Delete Thing' })).toHaveTextContent(
      'Are you sure you want to delete this thing?',
    );
    first.unmount();
    renderWithProviders(confirm);
    expect(screen.getByRole('dialog', { name: 'Delete Thing' })).toBeInTheDocument();
    // Cancel takes the focus, as a destructive confirm's safe choice.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
  });
});
