import type { Page } from 'playwright-core';

/**
 * A keyboard-only user's moves, for the tests that work a screen without the mouse: where the focus
 * is, waiting for it to settle after a key, pressing a key until the focus reaches an element, and
 * choosing an option of a native select with the arrow keys.
 */
export interface Focus {
  role: string;
  name: string;
}

export function keyboardUser(page: Page) {
  /** The focused element's role and what a screen reader would call it (enough for these screens). */
  const focused = () =>
    page.evaluate((): Focus => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return { role: 'none', name: '' };
      const labelledBy = element.getAttribute('aria-labelledby');
      const label =
        element.getAttribute('aria-label') ??
        (labelledBy && document.getElementById(labelledBy.split(' ')[0])?.textContent) ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return {
        role: element.getAttribute('role') ?? element.tagName.toLowerCase(),
        name: label.replace(/\s*\*\s*$/, '').trim(),
      };
    });

  /**
   * Waits until the focus has stayed on one element for three animation frames (at most 1 s), as a
   * person would before the next key. The grid moves the focus in two steps (onto an actions cell,
   * then onto its first button), and a key pressed between them lands on the cell.
   */
  const focusSettled = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const deadline = performance.now() + 1000;
          let last = document.activeElement;
          let still = 0;
          const check = () => {
            const now = document.activeElement;
            still = now === last ? still + 1 : 0;
            last = now;
            if (still >= 3 || performance.now() > deadline) resolve();
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );

  /** Presses `key` and waits for the focus to settle. */
  async function press(key: string) {
    await page.keyboard.press(key);
    await focusSettled();
  }

  /**
   * Presses `key` (Tab by default) until the focused element is `target` (its name, or its role),
   * at most 60 times (a page's own stops, the notifications and the whole menu); fails listing
   * where the focus went.
   */
  async function moveTo(target: string | { role: string }, key = 'Tab') {
    const seen: string[] = [];
    for (let i = 0; i < 60; i++) {
      const now = await focused();
      if (typeof target === 'string' ? now.name === target : now.role === target.role) return;
      seen.push(`${now.role} "${now.name}"`);
      await press(key);
    }
    throw new Error(
      `${key} never reached ${JSON.stringify(target)}; focus went: ${seen.join(' → ')}`,
    );
  }

  /**
   * Chooses the option showing `label` in the focused native select with the arrow keys (a closed
   * select steps through its options on ArrowDown and ArrowUp), checking the choice after each key.
   */
  async function choose(label: string) {
    const seen: string[] = [];
    for (let i = 0; i < 200; i++) {
      const state = await page.evaluate((wanted) => {
        const select = document.activeElement;
        if (!(select instanceof HTMLSelectElement)) return null;
        return {
          current: select.selectedIndex,
          chosen: select.selectedOptions[0]?.textContent ?? '',
          target: [...select.options].findIndex((option) => option.textContent === wanted),
          options: [...select.options].map((option) => option.textContent ?? ''),
        };
      }, label);
      if (!state) throw new Error(`choosing "${label}": the focus is not on a select`);
      if (state.target < 0)
        throw new Error(`no option "${label}" among ${JSON.stringify(state.options)}`);
      if (state.current === state.target) return;
      seen.push(state.chosen);
      await press(state.current < state.target ? 'ArrowDown' : 'ArrowUp');
    }
    throw new Error(`the arrow keys never chose "${label}"; went through ${seen.join(' → ')}`);
  }

  return { focused, focusSettled, press, moveTo, choose };
}
