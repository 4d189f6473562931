import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateClassRuleMutation,
  useDeleteClassRuleMutation,
  useListClassRulesQuery,
  useUpdateClassRuleMutation,
  type ClassRule,
  type ClassRuleKind,
  type ClassRuleSort,
  type Severity,
} from '@/api';
import { CLASS_RULE_KINDS, SEVERITIES } from '@contract/enums';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { capitalize } from '@/components/crud/format';
import { reasonPayload } from '@/components/crud/reason';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  idFilter,
  listState,
  type ListFilter,
  type ResourceDefinition,
  crudFeedback,
  WRITE_FAILED,
} from '@/components/resource/resource';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { SeverityBadge } from '@/features/interactions';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import {
  KIND_LABELS,
  classRuleChange,
  classRuleFields,
  classRuleFormValues,
  classRuleRequest,
  classRuleValidation,
  ruleSeverityChanged,
} from './classRuleForm';
import type { ClassRuleFormOutput, ClassRuleFormValues } from './classRuleSchema';

/** What the rule is with: the other class's name, or the medication's. */
export function otherName(rule: Pick<ClassRule, 'other_class' | 'other_medication'>): string {
  return rule.other_class?.name ?? rule.other_medication?.name ?? '—';
}

const columns: GridColDef<ClassRule>[] = [
  {
    field: 'kind',
    headerName: 'Kind',
    width: 150,
    valueGetter: (value: ClassRuleKind) => KIND_LABELS[value],
  },
  {
    field: 'drug_class',
    headerName: 'Class',
    flex: 1,
    minWidth: 150,
    valueGetter: (_value, row) => row.drug_class.name,
  },
  {
    field: 'other',
    headerName: 'With',
    flex: 1,
    minWidth: 150,
    valueGetter: (_value, row) => otherName(row),
  },
  {
    field: 'severity',
    headerName: 'Severity',
    width: 150,
    valueFormatter: (value: Severity) => capitalize(value),
    renderCell: ({ value }) => (value ? <SeverityBadge severity={value as Severity} /> : null),
  },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 220 },
];

/** Kind, severity and a class on either side: the contract's list filters. */
const filters: ListFilter[] = [
  {
    kind: 'choice',
    param: 'kind',
    label: 'Kind',
    options: CLASS_RULE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
  },
  {
    kind: 'choice',
    param: 'severity',
    label: 'Severity',
    options: SEVERITIES.map((severity) => ({ value: severity, label: capitalize(severity) })),
  },
  { kind: 'record', param: 'drug_class_id', label: 'Class', source: 'drugClass' },
];

/** "Statins and Clarithromycin interaction", "Penicillins and Cephalosporins cross-sensitivity". */
function describeRule(row: ClassRule): string {
  return `${row.drug_class.name} and ${otherName(row)} ${KIND_LABELS[row.kind].toLowerCase()}`;
}

/**
 * Class Rules: an interaction of every member of a class with those of another class (or of the
 * same class) or with one medication, and a cross-sensitivity between two classes (a patient
 * allergic to one may react to the other). Searched, sorted and filtered on the server; added and
 * edited in a dialog where, once the rule exists, only its severity and description change. A
 * severity set or changed is a clinical change: it needs a reason in the history, as a delete does.
 */
export const classRuleResource: ResourceDefinition<
  ClassRule,
  ClassRuleFormValues,
  ClassRuleFormOutput
> = {
  texts: {
    title: 'Class Rules',
    subtitle: 'Interactions and cross-sensitivities that apply to every member of a class',
    addLabel: 'Add Rule',
    addTitle: 'Add Rule',
    editTitle: 'Edit Rule',
    deleteTitle: 'Delete Rule',
    deleteMessage: 'Are you sure you want to delete this class rule? This action cannot be undone.',
    emptyText: 'No class rules found',
    searchLabel: 'Search class rules',
    loadingText: 'Loading class rules...',
    errorTitle: 'Failed to fetch class rules',
    exportFileName: 'class-rules',
  },
  listPath: '/class-rule',
  imports: [importLink('class-rules')],
  columns,
  actionsLayout: 'separate',
  initialSort: [{ field: 'drug_class', sort: 'asc' }],
  sortFields: { kind: 'kind', drug_class: 'drug_class', other: 'other', severity: 'severity' },
  filters,
  describe: describeRule,
  useApi: (query, filtered) => {
    const arg = {
      ...query,
      sort: query.sort as ClassRuleSort,
      kind: filtered.kind as ClassRuleKind | undefined,
      severity: filtered.severity as Severity | undefined,
      drugClassId: idFilter(filtered.drug_class_id),
    };
    const list = useListClassRulesQuery(arg);
    useAbortSuperseded('listClassRules', arg);
    const [create] = useCreateClassRuleMutation();
    const [update] = useUpdateClassRuleMutation();
    const [remove] = useDeleteClassRuleMutation();
    return {
      list: listState(list),
      create: (values, reason) => {
        const request = classRuleRequest(values, null, reason);
        if (request.kind !== 'create') throw new Error(WRITE_FAILED);
        return create({ classRuleCreate: request.body });
      },
      update: (row, values, reason) => {
        const request = classRuleRequest(values, row, reason);
        if (request.kind !== 'update') throw new Error(WRITE_FAILED);
        return update({ classRuleUpdate: request.body });
      },
      remove: (row, reason) => remove({ idBody: { id: row.id, ...reasonPayload(reason) } }),
    };
  },
  feedback: crudFeedback('Class rule', 'class rule'),
  form: {
    validation: classRuleValidation,
    values: classRuleFormValues,
    fields: classRuleFields,
    serverFields: {
      kind: 'kind',
      drug_class_id: 'drug_class_id',
      other_class_id: 'other_class_id',
      other_medication_id: 'other_medication_id',
      severity: 'severity',
      description: 'description',
    },
    reasonRequired: ruleSeverityChanged,
    preview: (values, editing) => (
      <ImpactPanel change={values && classRuleChange(values, editing)} />
    ),
  },
  remove: {
    reason: 'required',
    preview: (row) => (
      <ImpactPanel change={{ operation: 'deleteClassRule', body: { id: row.id } }} />
    ),
  },
};

/** /dashboard/drugs/class-rules */
export function ClassRulesPage() {
  const history = useRowHistory('class_rule', describeRule);
  return <ResourcePage resource={classRuleResource} history={history} />;
}
