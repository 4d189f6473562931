/** 'years' → 'Years': units and severities are lowercase on the wire and shown capitalised. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Select options for lowercase wire values, labelled capitalised. */
export function capitalizedOptions(values: readonly string[]) {
  return values.map((value) => ({ value, label: capitalize(value) }));
}
