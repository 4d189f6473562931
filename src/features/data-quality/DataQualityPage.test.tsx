import { screen, waitFor, within } from '@testing-library/react';
import type { DataQualityFinding, DataQualitySummary } from '@/api';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { firstQuery, renderListApi } from '@/test/renderListApi';
import { sortParam } from '@/components/resource/useServerList';
import { DataQualityPage, dataQualityResource, summaryText } from './DataQualityPage';
import { KIND_LABELS, fixPath, recordLabel, toRows } from './dataQualityColumns';

const findings: DataQualityFinding[] = [
  {
    kind: 'dosage_range_inverted',
    severity: 'error',
    entity: 'weight_dosage',
    entity_id: 31,
    medication_id: 4,
    message:
      'Backward, weight-based dosage for Normal #2 (50 to 80 kg): minimum dose 900 mg exceeds maximum 500 mg.',
  },
  {
    kind: 'weight_category_overlap',
    severity: 'warning',
    entity: 'weight_category',
    entity_id: 2,
    related_id: 3,
    message:
      'Normal #2 (50 to 80 kg) and Overweight #3 (175 to 250 lbs) overlap from 79.3787 to 80 kg.',
  },
  {
    kind: 'duplicate_interaction',
    severity: 'warning',
    entity: 'drug_interaction',
    entity_id: 12,
    related_id: 11,
    medication_id: 4,
    message:
      'The interaction between Aspirin and Backward is stored twice, in both orders (#11 and #12).',
  },
  {
    kind: 'missing_pregnancy_category',
    severity: 'info',
    entity: 'medication',
    entity_id: 9,
    medication_id: 9,
    message:
      'Fluconazole has no pregnancy category: the safety check reports missing pregnancy data.',
  },
];

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** The report as the server pages, filters and searches it (the messages), by severity and kind. */
function served(all: readonly DataQualityFinding[]) {
  return (request: Request): MockReply => {
    const { q, severity, kind, page = '1', page_size: size = '25' } = query(request);
    const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = all.filter(
      (f) =>
        (!severity || f.severity === severity) &&
        (!kind || f.kind === kind) &&
        words.every((word) => f.message.toLowerCase().includes(word)),
    );
    const from = (Number(page) - 1) * Number(size);
    return {
      body: {
        data: matches.slice(from, from + Number(size)),
        meta: { total: matches.length, page: Number(page), page_size: Number(size) },
      },
    };
  };
}

function summaryOf(all: readonly DataQualityFinding[]): MockReply {
  const data: DataQualitySummary = { total: all.length, error: 0, warning: 0, info: 0 };
  for (const f of all) data[f.severity] += 1;
  return { body: { data } };
}

function mockReport(all: readonly DataQualityFinding[]) {
  return mockFetch({
    'GET /data-quality': served(all),
    'GET /data-quality/summary': summaryOf(all),
  });
}

async function rowOf(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
}

describe('/dashboard/data-quality', () => {
  it('lists the findings with their severity, the problem and a link to the record to fix, under the counts; says when a search matches none', async () => {
    mockReport(findings);
    const { user } = renderWithProviders(<DataQualityPage />, { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Data quality' })).toBeInTheDocument();
    expect(await screen.findByText('4 findings: 1 error, 2 warnings, 1 note.')).toBeInTheDocument();

    const dosage = await rowOf('Dosage minimum above maximum');
    expect(dosage.getByText('Error')).toHaveAttribute('data-severity', 'error');
    expect(dosage.getByRole('link', { name: 'Weight-based dosage #31' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/medications/4',
    );
    expect((await rowOf('Weight categories overlap')).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/drugs/weight-categories',
    );
    expect((await rowOf('Interaction stored twice')).getByRole('link')).toHaveAttribute(
      'href',
      '/dashboard/drugs/interactions',
    );
    const pregnancy = await rowOf('No pregnancy category');
    expect(pregnancy.getByText('Information')).toBeInTheDocument();
    expect(pregnancy.getByRole('link', { name: 'Medication #9' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/medications/9',
    );
    expect(pregnancy.getByText(/Fluconazole has no pregnancy category/)).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search findings' }), 'nothing');
    expect(
      await screen.findByText('No finding matches the search and filters.'),
    ).toBeInTheDocument();
    // The counts stay the whole report's.
    expect(screen.getByText('4 findings: 1 error, 2 warnings, 1 note.')).toBeInTheDocument();
  });
});

describe('the data-quality definition', () => {
  it('names the coverage, gap, unit, zero-dose, identity and category X findings, each linked to its record', () => {
    const more: DataQualityFinding[] = [
      {
        kind: 'age_category_gap',
        severity: 'warning',
        entity: 'age_category',
        entity_id: 1,
        related_id: 2,
        message:
          'Neonate #1 (0 to 28 days) and Infant #2 (1 to 12 months) leave 28 to 30.4375 days uncovered.',
      },
      {
        kind: 'weight_category_gap',
        severity: 'warning',
        entity: 'weight_category',
        entity_id: 4,
        message: 'No weight category covers weights above 150 kg.',
      },
      {
        kind: 'coverage_gap',
        severity: 'warning',
        entity: 'medication',
        entity_id: 3,
        medication_id: 3,
        related_id: 6,
        message: 'Ibuprofen has no dosage for Overweight #6 (80.1 to 100 kg).',
      },
      {
        kind: 'dosage_unit_mixed',
        severity: 'warning',
        entity: 'medication',
        entity_id: 5,
        medication_id: 5,
        message: 'Amoxicillin mixes g and mg in its dosages.',
      },
      {
        kind: 'zero_dose',
        severity: 'error',
        entity: 'age_dosage',
        entity_id: 40,
        medication_id: 8,
        message: 'Age-based dosage #40 of Morphine has a zero dose.',
      },
      {
        kind: 'duplicate_medication_name',
        severity: 'warning',
        entity: 'medication',
        entity_id: 11,
        medication_id: 11,
        related_id: 10,
        message: "'paracetamol ' and 'Paracetamol' differ only in case or spaces.",
      },
      {
        kind: 'pregnancy_x_without_contraindication',
        severity: 'warning',
        entity: 'medication',
        entity_id: 12,
        medication_id: 12,
        message: 'Warfarin is pregnancy category X but has no contraindication naming pregnancy.',
      },
    ];
    const expected: [string, string, string][] = [
      ['Ages no category covers', 'Age category #1', '/dashboard/drugs/age-categories'],
      ['Weights no category covers', 'Weight category #4', '/dashboard/drugs/weight-categories'],
      ['Category without a dosage', 'Medication #3', '/dashboard/drugs/medications/3'],
      ['Dosage units mixed', 'Medication #5', '/dashboard/drugs/medications/5'],
      ['Zero dose', 'Age-based dosage #40', '/dashboard/drugs/medications/8'],
      ['Same medication name twice', 'Medication #11', '/dashboard/drugs/medications/11'],
      [
        'Category X without a pregnancy contraindication',
        'Medication #12',
        '/dashboard/drugs/medications/12',
      ],
    ];
    const rows = toRows(more);
    expect(rows.map((row) => [KIND_LABELS[row.kind], recordLabel(row), fixPath(row)])).toEqual(
      expected,
    );
  });

  it('says so when the data is clean', () => {
    expect(summaryText({ total: 0, error: 0, warning: 0, info: 0 })).toBe('No problems found.');
    expect(summaryText({ total: 4, error: 1, warning: 2, info: 1 })).toBe(
      '4 findings: 1 error, 2 warnings, 1 note.',
    );
    expect(dataQualityResource.texts.emptyText).toBe(
      'No problems found: the reference data passes every check.',
    );
  });

  it('reads a failed report as the failure', async () => {
    mockFetch({
      'GET /data-quality': {
        status: 403,
        body: { message: 'This action needs an administrator account.' },
      },
      'GET /data-quality/summary': summaryOf(findings),
    });
    const { result } = renderListApi(dataQualityResource, firstQuery(dataQualityResource));
    await waitFor(() => expect(result.current.list.error).toMatchObject({ status: 403 }));
    expect(dataQualityResource.texts.errorTitle).toBe('Failed to load the data-quality report');
  });

  it('asks the server for one page, searched, filtered and sorted, never the whole report', async () => {
    expect(firstQuery(dataQualityResource)).toEqual({
      page: 1,
      pageSize: 25,
      sort: undefined,
      q: undefined,
    });
    const sort = (field: string) =>
      sortParam([{ field, sort: 'asc' }], dataQualityResource.sortFields);
    expect(sort('severity')).toBe('severity');
    expect(sort('entity_id')).toBe('record');
    // The problem is a filter: its column does not ask the server to sort.
    expect(sort('kind')).toBeUndefined();

    const fetchMock = mockReport(findings);
    const { result } = renderListApi(
      dataQualityResource,
      { page: 1, pageSize: 25, sort: 'severity', q: 'OVERLAP' },
      { severity: 'warning', kind: 'weight_category_overlap' },
    );
    await waitFor(() => expect(result.current.list.rows).toHaveLength(1));
    expect(result.current.list.rows?.[0].kind).toBe('weight_category_overlap');
    expect(query(requestsTo(fetchMock, 'GET /data-quality')[0])).toEqual({
      page: '1',
      page_size: '25',
      sort: 'severity',
      q: 'OVERLAP',
      severity: 'warning',
      kind: 'weight_category_overlap',
    });
  });
});
