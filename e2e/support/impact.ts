import type { Locator } from 'playwright-core';

/**
 * Waits until a dialog's impact preview shows its answer. A user reads it before confirming; and
 * the dialog grows when it comes, which can move the buttons away from under a click made while
 * it was still checking.
 */
export async function impactShown(dialog: Locator): Promise<void> {
  await dialog
    .getByRole('region', { name: 'Impact on the test prescriptions' })
    .locator('.MuiAlert-root')
    .waitFor();
}
