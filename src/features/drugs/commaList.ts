/**
 * "a, b ,, c" → ['a', 'b', 'c'] (side effects and contraindications are entered comma separated
 * and trimmed); empty items are dropped.
 */
export function splitCommaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** ['a', 'b'] → 'a, b': a list as the form shows it for editing. */
export function joinCommaList(items: readonly string[]): string {
  return items.join(', ');
}
