import userEvent from '@testing-library/user-event';

/**
 * A user-event session with `fill` beside `type`.
 * - `delay: null` types without a timer between keys: the same events, much faster.
 * - `fill(field, text)` focuses the field and pastes the text: one input event, as a browser's
 *   autofill or Playwright's `fill` gives. Each key of `type` re-renders the whole form, which in
 *   jsdom made typing the larger part of a form test's time. `type` stays where the keys
 *   themselves are tested: searching as the user types, Backspace, Enter.
 */
export function setupUser() {
  const user = userEvent.setup({ delay: null });
  return Object.assign(user, {
    async fill(element: Element, text: string) {
      await user.click(element);
      await user.paste(text);
    },
  });
}
