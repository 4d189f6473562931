import { screen, within } from '@testing-library/react';
import { signedIn } from '@/test/fixtures';
import { mockFetch } from '@/test/mockFetch';
import { renderWithProviders } from '@/test/renderWithProviders';
import { ListFilters } from './ListFilters';
import { YES_NO_OPTIONS, type FilterValues, type ListFilter } from './resource';

const SEVERITIES = [
  { value: 'minor', label: 'Minor' },
  { value: 'major', label: 'Major' },
];

const FILTERS: ListFilter[] = [
  { kind: 'choice', param: 'severity', label: 'Severity', options: SEVERITIES },
  { kind: 'record', param: 'medication_id', label: 'Medication', source: 'medication' },
  { kind: 'choice', param: 'is_allergen', label: 'Allergen', options: YES_NO_OPTIONS },
];

function renderFilters(values: FilterValues = {}) {
  const onChange = jest.fn();
  const onClear = jest.fn();
  const rendered = renderWithProviders(
    <ListFilters filters={FILTERS} values={values} onChange={onChange} onClear={onClear} />,
    { preloadedState: signedIn() },
  );
  return {
    ...rendered,
    onChange,
    onClear,
    group: within(screen.getByRole('group', { name: 'Filters' })),
  };
}

describe('ListFilters', () => {
  it("offers 'Any' first; a choice sends its value, 'Any' sends nothing", async () => {
    const { user, onChange, group } = renderFilters();
    const severity = group.getByRole('combobox', { name: 'Severity' });
    expect(
      within(severity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Minor', 'Major']);
    await user.selectOptions(severity, 'major');
    expect(onChange).toHaveBeenLastCalledWith('severity', { value: 'major', label: 'Major' });
    await user.selectOptions(group.getByRole('combobox', { name: 'Allergen' }), 'Yes');
    expect(onChange).toHaveBeenLastCalledWith('is_allergen', { value: 'true', label: 'Yes' });
    expect(group.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows the set filters, back to Any, and Clear filters while any is set', async () => {
    const { user, onChange, onClear, group } = renderFilters({
      severity: { value: 'major', label: 'Major' },
      medication_id: { value: '2', label: 'Aspirin' },
    });
    expect(group.getByRole('combobox', { name: 'Severity' })).toHaveValue('major');
    expect(group.getByRole('combobox', { name: 'Medication' })).toHaveValue('Aspirin');
    await user.selectOptions(group.getByRole('combobox', { name: 'Severity' }), 'Any');
    expect(onChange).toHaveBeenLastCalledWith('severity', null);
    await user.click(group.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('picks a record found by a server search and sends its id', async () => {
    mockFetch({
      'GET /medication': {
        body: { data: [{ id: 2, name: 'Aspirin' }], meta: { total: 1, page: 1, page_size: 20 } },
      },
    });
    const { user, onChange, group } = renderFilters();
    await user.type(group.getByRole('combobox', { name: 'Medication' }), 'asp');
    await user.click(await screen.findByRole('option', { name: 'Aspirin' }));
    expect(onChange).toHaveBeenLastCalledWith('medication_id', { value: '2', label: 'Aspirin' });
  });
});
