import { useState } from 'react';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { renderWithProviders } from '@/test/renderWithProviders';
import { CrudFormDialog } from './CrudFormDialog';
import type { CrudField } from './CrudFields';
import { zodResolver } from '@hookform/resolvers/zod';
import { amountField, minNotAboveMax, requiredText } from './schema';

const schema = minNotAboveMax(
  z.object({ name: requiredText('Name'), low: amountField('Low'), high: amountField('High') }),
  'low',
  'high',
  'Low must not exceed high',
);
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const fields: CrudField<Values>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true },
  { kind: 'number', name: 'low', label: 'Low', half: true },
  { kind: 'number', name: 'high', label: 'High', half: true, step: 0.1 },
];

/** A page with a button that opens the dialog, as the list screens do. */
function Harness({ onSubmit }: { onSubmit: (values: Output) => Promise<unknown> }) {
  const [session, setSession] = useState<{ open: boolean; key: number } | null>(null);
  return (
    <>
      <button onClick={() => setSession((s) => ({ open: true, key: (s?.key ?? 0) + 1 }))}>
        Open
      </button>
      {session && (
        <CrudFormDialog
          key={session.key}
          open={session.open}
          title="Add Thing"
          resolver={zodResolver(schema)}
          defaultValues={{ name: '', low: '0', high: '0' }}
          fields={fields}
          serverFields={{ minimum: 'low' }}
          onSubmit={onSubmit}
          onClose={() => setSession((s) => s && { ...s, open: false })}
          onExited={() => setSession(null)}
        />
      )}
    </>
  );
}

async function open(onSubmit: (values: Output) => Promise<unknown> = async () => undefined) {
  const view = renderWithProviders(<Harness onSubmit={onSubmit} />);
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Thing' }));
  return { ...view, dialog };
}

const closed = () =>
  waitFor(() =>
    expect(screen.queryByRole('dialog', { name: 'Add Thing' })).not.toBeInTheDocument(),
  );

configure({ asyncUtilTimeout: 15_000 });

describe('CrudFormDialog', () => {
  it('labels every field; Cancel or a backdrop click closes an unchanged form at once, unsaved', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const { user, dialog } = await open(onSubmit);
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('');
    expect(dialog.getByLabelText(/^Low/)).toHaveValue(0);
    expect(dialog.getByLabelText(/^High/)).toHaveAttribute('step', '0.1');
    expect(dialog.getByLabelText(/^Low/)).toHaveAttribute('min', '0');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await closed();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Add Thing' });
    const backdrop = document.querySelector('.MuiDialog-container');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    await closed();
    expect(
      screen.queryByRole('dialog', { name: 'Discard unsaved changes?' }),
    ).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks before closing with unsaved changes (Cancel, Escape, backdrop), and discarding saves nothing', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const { user, dialog } = await open(onSubmit);
    await user.fill(dialog.getByLabelText(/^Name/), 'Something');

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    let confirm = within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' }));
    await user.click(confirm.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Discard unsaved changes?' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Something');

    await user.keyboard('{Escape}');
    confirm = within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' }));
    await user.click(confirm.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Discard unsaved changes?' }),
      ).not.toBeInTheDocument(),
    );

    // A click on the backdrop (the dialog's container outside its paper).
    const backdrop = document.querySelector('.MuiDialog-container');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    confirm = within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' }));
    await user.click(confirm.getByRole('button', { name: 'Discard' }));
    await closed();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the fields, says why under them, and sends nothing until they pass', async () => {
    const onSubmit = jest.fn(async () => undefined);
    const { user, dialog } = await open(onSubmit);
    await user.clear(dialog.getByLabelText(/^High/));
    await user.fill(dialog.getByLabelText(/^Low/), '5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('High is required')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    await user.fill(dialog.getByLabelText(/^Name/), 'Thing');
    await user.fill(dialog.getByLabelText(/^High/), '2');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Low must not exceed high')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText(/^High/));
    await user.fill(dialog.getByLabelText(/^High/), '7.5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await closed();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Thing', low: 5, high: 7.5 }, '');
  });

  it('disables Save and shows progress while saving, then closes', async () => {
    let finish: () => void = () => undefined;
    const { user, dialog } = await open(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.fill(dialog.getByLabelText(/^Name/), 'Thing');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(dialog.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await closed();
  });

  it("stays open when saving fails, with the server's field errors under the fields", async () => {
    const { user, dialog } = await open(async () => {
      throw { status: 422, message: 'Invalid', errors: { minimum: ['Too low for this unit'] } };
    });
    await user.fill(dialog.getByLabelText(/^Name/), 'Thing');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Too low for this unit')).toBeInTheDocument();
    expect(dialog.getByRole('alert')).toHaveTextContent('Invalid');
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
