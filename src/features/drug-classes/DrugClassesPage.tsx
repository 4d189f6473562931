import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import {
  useCreateDrugClassMutation,
  useDeleteDrugClassMutation,
  useListDrugClassesQuery,
  useUpdateDrugClassMutation,
  type DrugClass,
  type DrugClassSort,
  type Severity,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { chunk } from '@/components/chunk';
import { RowAction, rowActionsColumn } from '@/components/RowAction';
import { reasonPayload } from '@/components/crud/reason';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  type ResourceDefinition,
  crudFeedback,
  WRITE_FAILED,
} from '@/components/resource/resource';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { SeverityBadge } from '@/features/interactions';
import { codesColumn } from '@/components/codes';
import { CODES_SERVER_FIELDS } from '@/lib/codes';
import {
  drugClassFields,
  drugClassFormValues,
  drugClassRequest,
  drugClassValidation,
  duplicateSeverityChanged,
} from './drugClassForm';
import type { DrugClassFormOutput, DrugClassFormValues } from './drugClassSchema';

// Loaded on the first Members click: its medication search (an Autocomplete) would put the list
// page over its bundle budget.
const DrugClassMembersDialog = chunk(
  () => import('./DrugClassMembersDialog').then((module) => module.DrugClassMembersDialog),
  null,
).Component;

/** What the Duplicate Therapy column says of a class whose members may be combined. */
export const DUPLICATES_ALLOWED = 'Allowed';

/** "Atorvastatin, Simvastatin (2)", or "None". */
export function membersText(drugClass: Pick<DrugClass, 'members' | 'member_count'>): string {
  if (drugClass.member_count === 0) return 'None';
  return `${drugClass.members.map((member) => member.name).join(', ')} (${drugClass.member_count})`;
}

const columns: GridColDef<DrugClass>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  {
    field: 'atc_code',
    headerName: 'ATC Code',
    width: 120,
    valueFormatter: (value: string | null) => value ?? '—',
  },
  {
    field: 'duplicate_severity',
    headerName: 'Duplicate Therapy',
    width: 170,
    renderCell: ({ value }) =>
      value ? <SeverityBadge severity={value as Severity} /> : DUPLICATES_ALLOWED,
  },
  {
    field: 'members',
    headerName: 'Members',
    flex: 2,
    minWidth: 220,
    valueGetter: (_value, row) => membersText(row),
  },
  codesColumn<DrugClass>(),
];

/**
 * Drug Classes: groups of medications (statins, penicillins) by name and WHO ATC code, searched
 * by name, code or a member's name. A class with a duplicate-therapy severity makes the safety
 * check report two of its members prescribed together; setting or changing that severity needs a
 * reason. Members are added and removed in the row's Members dialog. The server refuses to delete
 * a class a class rule names (409, its message shown).
 */
export const drugClassResource: ResourceDefinition<
  DrugClass,
  DrugClassFormValues,
  DrugClassFormOutput
> = {
  texts: {
    title: 'Drug Classes',
    subtitle: 'Group medications into classes for duplicate-therapy and class rules',
    addLabel: 'Add Class',
    addTitle: 'Add Class',
    editTitle: 'Edit Class',
    deleteTitle: 'Delete Class',
    deleteMessage: 'Are you sure you want to delete this drug class? This action cannot be undone.',
    emptyText: 'No drug classes found',
    searchLabel: 'Search drug classes',
    loadingText: 'Loading drug classes...',
    errorTitle: 'Failed to fetch drug classes',
    exportFileName: 'drug-classes',
  },
  listPath: '/drug-class',
  imports: [importLink('drug-classes')],
  columns,
  actionsLayout: 'separate',
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: {
    name: 'name',
    atc_code: 'atc_code',
    duplicate_severity: 'duplicate_severity',
    members: 'member_count',
  },
  describe: (row) => row.name,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as DrugClassSort };
    const list = useListDrugClassesQuery(arg);
    useAbortSuperseded('listDrugClasses', arg);
    const [create] = useCreateDrugClassMutation();
    const [update] = useUpdateDrugClassMutation();
    const [remove] = useDeleteDrugClassMutation();
    return {
      list: listState(list),
      create: (values, reason) => {
        const request = drugClassRequest(values, null, reason);
        if (request.kind !== 'create') throw new Error(WRITE_FAILED);
        return create({ drugClassCreate: request.body });
      },
      update: (row, values, reason) => {
        const request = drugClassRequest(values, row, reason);
        if (request.kind !== 'update') throw new Error(WRITE_FAILED);
        return update({ drugClassUpdate: request.body });
      },
      remove: (row, reason) => remove({ idBody: { id: row.id, ...reasonPayload(reason) } }),
    };
  },
  useScreen: () => {
    const [membersOf, setMembersOf] = useState<{ drugClass: DrugClass; open: boolean } | null>(
      null,
    );
    const screenColumns = useMemo(
      () => [
        ...columns,
        rowActionsColumn<DrugClass>('manage_members', 'Manage', 90, (row) => [
          <RowAction
            key="members"
            icon={<GroupsIcon fontSize="inherit" />}
            label={`Members of ${row.name}`}
            onClick={() => setMembersOf({ drugClass: row, open: true })}
          />,
        ]),
      ],
      [],
    );
    return {
      columns: screenColumns,
      dialogs: membersOf && (
        <DrugClassMembersDialog
          drugClass={membersOf.drugClass}
          open={membersOf.open}
          onClose={() => setMembersOf((current) => current && { ...current, open: false })}
          onExited={() => setMembersOf(null)}
        />
      ),
    };
  },
  feedback: crudFeedback('Drug class', 'drug class'),
  form: {
    validation: drugClassValidation,
    values: drugClassFormValues,
    fields: () => drugClassFields,
    serverFields: {
      name: 'name',
      atc_code: 'atc_code',
      duplicate_severity: 'duplicate_severity',
      ...CODES_SERVER_FIELDS,
    },
    reasonRequired: duplicateSeverityChanged,
  },
  remove: { reason: 'required' },
};

/** /dashboard/drugs/classes */
export function DrugClassesPage() {
  const history = useRowHistory('drug_class', drugClassResource.describe);
  return <ResourcePage resource={drugClassResource} history={history} />;
}
