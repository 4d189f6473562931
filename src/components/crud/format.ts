import type { SelectOption } from './CrudFields';

/** 'years' → 'Years': units and severities are lowercase on the wire and shown capitalised. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Select options for lowercase wire values, labelled capitalised. */
export function capitalizedOptions(values: readonly string[]) {
  return values.map((value) => ({ value, label: capitalize(value) }));
}

/**
 * Select options for records picked by id, labelled by `label`; with no records yet, one empty
 * option saying `noneText`, so that the select shows why there is nothing to choose.
 */
export function recordOptions<R extends { id: number }>(
  records: readonly R[],
  label: (record: R) => string,
  noneText: string,
): SelectOption[] {
  return records.length
    ? records.map((record) => ({ value: String(record.id), label: label(record) }))
    : [{ value: '', label: noneText }];
}
