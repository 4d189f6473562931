import type { DrugClass, DrugClassCreate, DrugClassUpdate } from '@/api';
import { SEVERITIES } from '@contract/enums';
import type { CrudField } from '@/components/crud/CrudFields';
import { capitalizedOptions } from '@/components/crud/format';
import { reasonPayload } from '@/components/crud/reason';
import { codesField } from '@/components/codes';
import { MEDICINE_SYSTEMS, changedCodes, codeRows } from '@/lib/codes';
import { lazyResolver } from '@/lib/lazyResolver';
import type { DrugClassFormOutput, DrugClassFormValues } from './drugClassSchema';

/** The form's validation (drugClassSchema.ts), loaded after the list shows. */
export const drugClassValidation = lazyResolver<DrugClassFormValues, DrugClassFormOutput>(() =>
  import('./drugClassSchema').then((module) => module.drugClassResolver),
);

export const DRUG_CLASS_ID_REQUIRED_MESSAGE = 'Class ID is required for editing';
export const NO_DUPLICATE_THERAPY = 'Not a duplicate-therapy class';

/** The form's start: the class's values, or an empty name, no code and no severity. */
export function drugClassFormValues(drugClass: DrugClass | null): DrugClassFormValues {
  return {
    name: drugClass?.name ?? '',
    atc_code: drugClass?.atc_code ?? '',
    duplicate_severity: drugClass?.duplicate_severity ?? '',
    codes: codeRows(drugClass?.codes),
  };
}

/**
 * Whether the form sets a duplicate-therapy severity a reason must explain: a new class's, or an
 * edit that sets, changes or removes it. The safety check reports two members by it.
 */
export function duplicateSeverityChanged(
  values: Pick<DrugClassFormValues, 'duplicate_severity'>,
  editing: Pick<DrugClass, 'duplicate_severity'> | null,
): boolean {
  return editing === null
    ? values.duplicate_severity !== ''
    : values.duplicate_severity !== (editing.duplicate_severity ?? '');
}

export type DrugClassRequest =
  { kind: 'create'; body: DrugClassCreate } | { kind: 'update'; body: DrugClassUpdate };

/**
 * What saving sends: the name, the ATC code and the duplicate-therapy severity, each null when
 * none (an update that left them out would remove them all the same), the codes when they
 * changed (left out, the server keeps them), and a typed reason. An edit needs the class's id.
 * Members are added and removed apart.
 */
export function drugClassRequest(
  values: DrugClassFormOutput,
  editing: { id?: number | null; codes?: DrugClass['codes'] } | null,
  reason = '',
): DrugClassRequest {
  const body = {
    name: values.name,
    atc_code: values.atc_code,
    duplicate_severity: values.duplicate_severity,
    ...changedCodes(editing?.codes, values.codes),
    ...reasonPayload(reason),
  };
  if (editing) {
    if (!editing.id) throw new Error(DRUG_CLASS_ID_REQUIRED_MESSAGE);
    return { kind: 'update', body: { id: editing.id, ...body } };
  }
  return { kind: 'create', body };
}

export const drugClassFields: CrudField<DrugClassFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
  {
    kind: 'text',
    name: 'atc_code',
    label: 'ATC Code',
    helperText: 'WHO ATC group, e.g. N06AB',
    maxLength: 5,
    half: true,
  },
  {
    kind: 'select',
    name: 'duplicate_severity',
    label: 'Duplicate Therapy',
    helperText: 'Reported when two members are prescribed together',
    half: true,
    options: [{ value: '', label: NO_DUPLICATE_THERAPY }, ...capitalizedOptions(SEVERITIES)],
  },
  codesField<DrugClassFormValues>(MEDICINE_SYSTEMS),
];
