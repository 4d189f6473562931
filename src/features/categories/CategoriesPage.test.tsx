import type { ComponentType } from 'react';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AgeCategory, RenalCategory, WeightCategory } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { AgeCategoriesPage, RenalCategoriesPage, WeightCategoriesPage } from './CategoriesPage';

/** What differs between the kinds' screens, as the spec words them. */
interface Kind {
  name: string;
  Page: ComponentType;
  /** The list's path in the API. */
  path: string;
  /** 'Age Category'. */
  singular: string;
  /** 'age': 'Minimum age', 'Age unit'. */
  measure: string;
  /** The measure in the contract's field names, where the texts say it otherwise ('egfr'). */
  field?: string;
  /** A named row, and another; `second` is unnamed where the kind allows it. */
  first: AgeCategory | WeightCategory | RenalCategory;
  second: AgeCategory | WeightCategory | RenalCategory;
  /** The first row's range cell, unit cell and name in buttons; the second's. */
  firstCells: { range: string; unit: string; name: string };
  secondCells: { range: string; unit: string; category: string };
  firstLabel: string;
  secondLabel: string;
  columns: string[];
  /** A new one's unit and name, and the choices. */
  start: { unit: string; category: string };
  units: string[];
  names: string[];
  /** Whether the number inputs step by 0.1. */
  step: string;
  /** Valid numbers, a minimum above its maximum, and what a new one saves as. */
  create: {
    above: [string, string];
    fixed: [string, string];
    unit: string;
    category: string;
    description: string;
    sent: Record<string, unknown>;
  };
  /** Whether the form and the list have the patient ages (years). */
  ages: boolean;
}

const neonate: AgeCategory = {
  id: 1,
  min_age: 0,
  max_age: 28,
  age_unit: 'days',
  category_name: 'Pediatric',
  description: 'Birth to 28 days',
};
const adult: AgeCategory = {
  id: 4,
  min_age: 18,
  max_age: 64,
  age_unit: 'years',
  category_name: null,
  description: null,
};
const normal: WeightCategory = {
  id: 2,
  min_weight: 50.1,
  max_weight: 80,
  weight_unit: 'kg',
  category_name: 'Normal',
  description: '50.1 to 80 kg',
  min_age_years: 18,
  max_age_years: null,
};
const heavy: WeightCategory = {
  id: 7,
  min_weight: 220,
  max_weight: 660,
  weight_unit: 'lbs',
  category_name: 'Obese',
  description: null,
  min_age_years: null,
  max_age_years: null,
};

const g4: RenalCategory = {
  id: 5,
  min_egfr: 15,
  max_egfr: 30,
  egfr_unit: 'mL/min/1.73m2',
  category_name: 'G4',
  description: 'Severely decreased',
};
const unnamedBand: RenalCategory = {
  id: 8,
  min_egfr: 0,
  max_egfr: 15,
  egfr_unit: 'mL/min/1.73m2',
  category_name: null,
  description: 'Kidney failure',
};
const EGFR_UNIT = 'mL/min/1.73 m²';

const KINDS: Kind[] = [
  {
    name: 'age',
    Page: AgeCategoriesPage,
    path: '/age-category',
    singular: 'Age Category',
    measure: 'age',
    first: neonate,
    second: adult,
    firstCells: { range: '0 - 28', unit: 'Days', name: 'Pediatric' },
    secondCells: { range: '18 - 64', unit: 'Years', category: '-' },
    firstLabel: '0 - 28 Days (Pediatric)',
    secondLabel: '18 - 64 Years',
    // The description starts hidden.
    columns: ['Age Range', 'Age Unit', 'Category', 'Actions'],
    start: { unit: 'Years', category: 'None' },
    units: ['Years', 'Months', 'Days'],
    names: ['None', 'Adult', 'Pediatric', 'Geriatric'],
    step: '1',
    create: {
      above: ['13', '12'],
      fixed: ['1', '12'],
      unit: 'Months',
      category: 'None',
      description: '',
      sent: { minimum_age: 1, maximum_age: 12, unit: 'months', category: null, description: null },
    },
    ages: false,
  },
  {
    name: 'weight',
    Page: WeightCategoriesPage,
    path: '/weight-category',
    singular: 'Weight Category',
    measure: 'weight',
    first: normal,
    second: heavy,
    firstCells: { range: '50.1 - 80', unit: 'Kg', name: 'Normal' },
    secondCells: { range: '220 - 660', unit: 'Lbs', category: 'Obese' },
    firstLabel: 'Normal (50.1 - 80 Kg)',
    secondLabel: 'Obese (220 - 660 Lbs)',
    columns: ['Weight Range', 'Weight Unit', 'Category', 'Ages', 'Description', 'Actions'],
    start: { unit: 'Kg', category: 'Normal' },
    units: ['Kg', 'Lbs'],
    // No 'None': a weight category always has a name.
    names: ['Underweight', 'Normal', 'Overweight', 'Obese'],
    step: '0.1',
    create: {
      above: ['100.5', '100.4'],
      fixed: ['100.5', '660'],
      unit: 'Lbs',
      category: 'Obese',
      description: 'Heavy',
      sent: {
        minimum_weight: 100.5,
        maximum_weight: 660,
        unit: 'lbs',
        category: 'Obese',
        description: 'Heavy',
        // A new category is for any age until told otherwise.
        minimum_age_years: null,
        maximum_age_years: null,
      },
    },
    ages: true,
  },
  {
    name: 'renal',
    Page: RenalCategoriesPage,
    path: '/renal-category',
    singular: 'Renal Category',
    measure: 'eGFR',
    field: 'egfr',
    first: g4,
    second: unnamedBand,
    firstCells: { range: '15 - 30', unit: EGFR_UNIT, name: 'G4' },
    secondCells: { range: '0 - 15', unit: EGFR_UNIT, category: '-' },
    firstLabel: `G4 (15 - 30 ${EGFR_UNIT})`,
    secondLabel: `0 - 15 ${EGFR_UNIT}`,
    columns: ['eGFR Range', 'eGFR Unit', 'Category', 'Description', 'Actions'],
    start: { unit: EGFR_UNIT, category: 'G1' },
    // One unit: shown, and not to be changed.
    units: [EGFR_UNIT],
    names: ['None', 'G1', 'G2', 'G3a', 'G3b', 'G4', 'G5'],
    step: '1',
    create: {
      above: ['60', '45'],
      fixed: ['45', '60'],
      unit: EGFR_UNIT,
      category: 'G3a',
      description: '',
      // No unit: the contract's only one, which the server fills in.
      sent: { minimum_egfr: 45, maximum_egfr: 60, category: 'G3a', description: null },
    },
    ages: false,
  },
];

async function rowOf(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** The labels and patterns of a kind's screen, and its page rendered signed in. */
function screenOf(kind: Kind) {
  const { path, singular, measure } = kind;
  const field = kind.field ?? measure;
  // An abbreviation ('eGFR') keeps its case at the start of a label.
  const Measure = /[A-Z]/.test(measure)
    ? measure
    : measure.charAt(0).toUpperCase() + measure.slice(1);
  const one = singular.toLowerCase();
  const subject = one.charAt(0).toUpperCase() + one.slice(1);
  const minimum = new RegExp(`^Minimum ${measure}`);
  const maximum = new RegExp(`^Maximum ${measure}`);
  const unit = new RegExp(`^${Measure} unit`);
  const renderPage = () => renderWithProviders(<kind.Page />, { preloadedState: signedIn() });
  return { path, singular, measure, field, one, subject, minimum, maximum, unit, renderPage };
}

describe.each(KINDS)('/dashboard/drugs/$name-categories', (kind) => {
  const { path, singular, measure, subject, minimum, maximum, unit, renderPage } = screenOf(kind);

  it("lists the range ('min - max'), the unit (capitalised), the category (or '-'), Actions", async () => {
    mockFetch({ [`GET ${path}`]: { body: { data: [kind.first, kind.second] } } });
    renderPage();
    const first = await rowOf(kind.firstCells.range);
    expect(first.getByRole('gridcell', { name: kind.firstCells.unit })).toBeInTheDocument();
    expect(first.getByRole('gridcell', { name: kind.firstCells.name })).toBeInTheDocument();
    const second = await rowOf(kind.secondCells.range);
    expect(second.getByRole('gridcell', { name: kind.secondCells.unit })).toBeInTheDocument();
    expect(second.getByRole('gridcell', { name: kind.secondCells.category })).toBeInTheDocument();
    if (kind.columns.includes('Description')) {
      expect(
        first.getByRole('gridcell', { name: String(kind.first.description) }),
      ).toBeInTheDocument();
    }
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      kind.columns,
    );
  });

  it('a new one starts at 0 to 0 in the first unit and name; min above max is refused under the field', async () => {
    const fetchMock = mockFetch({
      [`GET ${path}`]: { body: { data: [kind.second] } },
      [`POST ${path}`]: {
        status: 201,
        body: { data: kind.second, message: `${subject} 9 was created` },
      },
    });
    const { user } = renderPage();
    await rowOf(kind.secondCells.range);
    await user.click(screen.getByRole('button', { name: `Add ${singular}` }));
    const form = within(await screen.findByRole('dialog', { name: `Add ${singular}` }));
    expect(form.getByLabelText(minimum)).toHaveValue(0);
    expect(form.getByLabelText(maximum)).toHaveValue(0);
    expect(form.getByLabelText(minimum)).toHaveAttribute('step', kind.step);
    expect(form.getByLabelText(maximum)).toHaveAttribute('min', '0');
    expect(form.getByLabelText(unit)).toHaveDisplayValue(kind.start.unit);
    expect(form.getByLabelText(/^Category/)).toHaveDisplayValue(kind.start.category);
    const options = (label: RegExp) =>
      within(form.getByLabelText(label))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options(unit)).toEqual(kind.units);
    expect(options(/^Category/)).toEqual(kind.names);
    // Only a kind with ages asks for them, empty (no bound) for a new one.
    if (kind.ages) {
      expect(form.getByLabelText(/^Minimum age \(years\)/)).toHaveValue(null);
      expect(form.getByLabelText(/^Maximum age \(years\)/)).toHaveValue(null);
    } else {
      expect(form.queryByLabelText(/\(years\)/)).not.toBeInTheDocument();
    }

    const [above, below] = kind.create.above;
    await user.clear(form.getByLabelText(minimum));
    await user.fill(form.getByLabelText(minimum), above);
    await user.clear(form.getByLabelText(maximum));
    await user.fill(form.getByLabelText(maximum), below);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText(`Minimum ${measure} must not exceed maximum ${measure}`),
    ).toBeInTheDocument();
    expect(form.getByLabelText(minimum)).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, `POST ${path}`)).toHaveLength(0);

    const [low, high] = kind.create.fixed;
    await user.clear(form.getByLabelText(minimum));
    await user.fill(form.getByLabelText(minimum), low);
    await user.clear(form.getByLabelText(maximum));
    await user.fill(form.getByLabelText(maximum), high);
    if (kind.units.length > 1) {
      await user.selectOptions(form.getByLabelText(unit), kind.create.unit);
    } else {
      expect(form.getByLabelText(unit)).toBeDisabled();
    }
    await user.selectOptions(form.getByLabelText(/^Category/), kind.create.category);
    if (kind.create.description) {
      await user.fill(form.getByLabelText(/^Description/), kind.create.description);
    }
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast(`${subject} 9 was created`)).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `POST ${path}`)[0].json()).toEqual(kind.create.sent);
  });
});

// The kinds' screens are one page over their definitions: what they share (required numbers, an
// edit with the server's refusal, a delete) is tested on the age categories; each kind's rules and
// write shape are in categorySchema.test.ts.
describe("/dashboard/drugs/age-categories: what every kind's screen does", () => {
  const kind = KINDS[0];
  const { path, singular, measure, field, one, subject, minimum, maximum, unit, renderPage } =
    screenOf(kind);
  /** The first row's form values, and the body sent when it is saved with no description. */
  const edit = {
    values: [0, 28, 'days', 'Pediatric'],
    sent: {
      id: 1,
      minimum_age: 0,
      maximum_age: 28,
      unit: 'days',
      category: 'Pediatric',
      description: null,
    },
  };
  const refusal =
    'This age category cannot be deleted: it is still used by the dosages of: Paracetamol.';

  it('requires the numbers and refuses negative ones', async () => {
    const fetchMock = mockFetch({ [`GET ${path}`]: { body: { data: [] } } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: `Add ${singular}` }));
    const form = within(await screen.findByRole('dialog', { name: `Add ${singular}` }));
    await user.clear(form.getByLabelText(minimum));
    await user.clear(form.getByLabelText(maximum));
    await user.fill(form.getByLabelText(maximum), '-3');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(`Minimum ${measure} is required`)).toBeInTheDocument();
    expect(form.getByText(`Maximum ${measure} must be 0 or more`)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${path}`)).toHaveLength(0);
  });

  it("edits one with the write shape and the id; the server's refusal shows under the field", async () => {
    const fieldError = `minimum_${field} must not exceed maximum_${field}`;
    let attempts = 0;
    const fetchMock = mockFetch({
      [`GET ${path}`]: { body: { data: [kind.first] } },
      [`PUT ${path}`]: () =>
        attempts++ === 0
          ? {
              status: 422,
              body: {
                message: 'Minimum must not exceed maximum.',
                errors: { [`minimum_${field}`]: [fieldError] },
              },
            }
          : // Not the screen's own fallback text: the toast must be the server's words.
            { body: { data: kind.first, message: `${subject} ${kind.first.id} was updated` } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: `Edit ${kind.firstLabel}` }));
    const form = within(await screen.findByRole('dialog', { name: `Edit ${singular}` }));
    const [min, max, unitValue, category] = edit.values;
    expect(form.getByLabelText(minimum)).toHaveValue(min);
    expect(form.getByLabelText(maximum)).toHaveValue(max);
    expect(form.getByLabelText(unit)).toHaveValue(unitValue);
    expect(form.getByLabelText(/^Category/)).toHaveValue(category);
    expect(form.getByLabelText(/^Description/)).toHaveValue(kind.first.description);
    await user.clear(form.getByLabelText(/^Description/));
    await user.click(form.getByRole('button', { name: 'Save' }));

    // The server's per-field message under the minimum, its message in the form and a toast.
    await form.findByText(fieldError);
    expect(form.getByLabelText(minimum)).toHaveAccessibleDescription(fieldError);
    expect(form.getByRole('alert')).toHaveTextContent('Minimum must not exceed maximum.');
    expect(
      screen
        .getAllByText('Minimum must not exceed maximum.')
        .some((el) => el.closest('[data-toast-order]')),
    ).toBe(true);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast(`${subject} ${kind.first.id} was updated`)).toBeInTheDocument();
    const sent = await Promise.all(requestsTo(fetchMock, `PUT ${path}`).map((r) => r.json()));
    expect(sent[1]).toEqual(edit.sent);
  });

  it('deletes on the server after the confirm; a refusal (409) shows the server message', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [`GET ${path}`]: () => ({ body: { data: deleted ? [] : [kind.first, kind.second] } }),
      [`DELETE ${path}/${kind.first.id}`]: { status: 409, body: { message: refusal } },
      [`DELETE ${path}/${kind.second.id}`]: () => {
        deleted = true;
        return { body: { message: `${subject} deleted successfully` } };
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: `Delete ${kind.firstLabel}` }));
    let confirm = within(await screen.findByRole('dialog', { name: `Delete ${singular}` }));
    expect(confirm.getByText(`Are you sure you want to delete this ${one}?`)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Delete ${kind.secondLabel}` }));
    confirm = within(await screen.findByRole('dialog', { name: `Delete ${singular}` }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast(`${subject} deleted successfully`)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `DELETE ${path}/${kind.second.id}`)).toHaveLength(1);
    // The list is asked again and shows what is left.
    expect(
      await screen.findByText(
        `No ${one.replace(/y$/, 'ies')} found. Add a new ${one} to get started.`,
      ),
    ).toBeInTheDocument();
  });
});

describe('/dashboard/drugs/weight-categories: the ages a category is meant for', () => {
  const path = '/weight-category';
  const minimumAge = /^Minimum age \(years\)/;
  const maximumAge = /^Maximum age \(years\)/;
  const renderPage = () =>
    renderWithProviders(<WeightCategoriesPage />, { preloadedState: signedIn() });
  const band = (
    id: number,
    min_weight: number,
    min_age_years: number | null,
    max_age_years: number | null,
  ): WeightCategory => ({
    id,
    min_weight,
    max_weight: min_weight + 10,
    weight_unit: 'kg',
    category_name: 'Normal',
    description: null,
    min_age_years,
    max_age_years,
  });

  it("lists each category's ages in words: over, between, up to, or any age", async () => {
    mockFetch({
      [`GET ${path}`]: {
        body: {
          data: [
            band(1, 10, 18, null),
            band(2, 20, 12, 18),
            band(3, 30, null, 12),
            band(4, 40, 0, 1),
            band(5, 50, null, null),
          ],
        },
      },
    });
    renderPage();
    const agesOf = async (range: string) => {
      const row = await rowOf(range);
      const header = screen.getByRole('columnheader', { name: 'Ages' });
      const column = header.getAttribute('aria-colindex');
      return row
        .getAllByRole('gridcell')
        .find((cell) => cell.getAttribute('aria-colindex') === column)?.textContent;
    };
    expect(await agesOf('10 - 20')).toBe('18 years and over');
    expect(await agesOf('20 - 30')).toBe('12 to 18 years');
    expect(await agesOf('30 - 40')).toBe('up to 12 years');
    expect(await agesOf('40 - 50')).toBe('up to 1 year');
    expect(await agesOf('50 - 60')).toBe('Any age');
  });

  it('reads the ages into the form and sends them as years, an emptied one as null (no bound)', async () => {
    const fetchMock = mockFetch({
      [`GET ${path}`]: { body: { data: [band(2, 20, 12, 18)] } },
      [`PUT ${path}`]: {
        body: { data: band(2, 20, null, 16.5), message: 'Weight category 2 was updated' },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Normal (20 - 30 Kg)' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Weight Category' }));
    expect(form.getByLabelText(minimumAge)).toHaveValue(12);
    expect(form.getByLabelText(maximumAge)).toHaveValue(18);
    await user.clear(form.getByLabelText(minimumAge));
    await user.clear(form.getByLabelText(maximumAge));
    await user.fill(form.getByLabelText(maximumAge), '16.5');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Weight category 2 was updated')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `PUT ${path}`)[0].json()).toMatchObject({
      id: 2,
      minimum_age_years: null,
      maximum_age_years: 16.5,
    });
  });

  // Every rule of the ages is unit-tested in categorySchema.test.ts; here, that a refusal shows
  // under its field and nothing is sent.
  it('refuses a minimum age above the maximum under the field, and sends nothing', async () => {
    const message = 'Minimum age must not exceed maximum age';
    const fetchMock = mockFetch({ [`GET ${path}`]: { body: { data: [] } } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Weight Category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Weight Category' }));
    await user.clear(form.getByLabelText(/^Maximum weight/));
    await user.fill(form.getByLabelText(/^Maximum weight/), '50');
    await user.fill(form.getByLabelText(minimumAge), '18');
    await user.fill(form.getByLabelText(maximumAge), '12');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(form.getByLabelText(minimumAge)).toHaveAccessibleDescription(message);
    expect(requestsTo(fetchMock, `POST ${path}`)).toHaveLength(0);
  });

  it("shows the server's refusal of an age under its field", async () => {
    const fieldError = 'must be at most 130';
    const fetchMock = mockFetch({
      [`GET ${path}`]: { body: { data: [] } },
      [`POST ${path}`]: {
        status: 422,
        body: {
          message: 'The request is not valid.',
          errors: { minimum_age_years: [fieldError] },
        },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Weight Category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Weight Category' }));
    await user.clear(form.getByLabelText(/^Maximum weight/));
    await user.fill(form.getByLabelText(/^Maximum weight/), '50');
    await user.fill(form.getByLabelText(minimumAge), '18');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(fieldError)).toBeInTheDocument();
    expect(form.getByLabelText(minimumAge)).toHaveAccessibleDescription(fieldError);
    expect(await requestsTo(fetchMock, `POST ${path}`)[0].json()).toMatchObject({
      minimum_weight: 0,
      maximum_weight: 50,
      minimum_age_years: 18,
      maximum_age_years: null,
    });
  });
});

describe('/dashboard/drugs/renal-categories: eGFR from 0 to 200', () => {
  const path = '/renal-category';
  const renderPage = () =>
    renderWithProviders(<RenalCategoriesPage />, { preloadedState: signedIn() });

  it('refuses an eGFR above 200 under its field and sends nothing; 200 itself is sent', async () => {
    const fetchMock = mockFetch({
      [`GET ${path}`]: { body: { data: [] } },
      [`POST ${path}`]: {
        status: 201,
        body: { data: g4, message: 'Renal function category created successfully' },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Renal Category' }));
    const form = within(await screen.findByRole('dialog', { name: 'Add Renal Category' }));
    expect(form.getByLabelText(/^eGFR unit/)).toHaveDisplayValue(EGFR_UNIT);
    await user.clear(form.getByLabelText(/^Minimum eGFR/));
    await user.fill(form.getByLabelText(/^Minimum eGFR/), '90');
    await user.clear(form.getByLabelText(/^Maximum eGFR/));
    await user.fill(form.getByLabelText(/^Maximum eGFR/), '201');
    await user.click(form.getByRole('button', { name: 'Save' }));
    const message = 'Maximum eGFR must be from 0 to 200';
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(form.getByLabelText(/^Maximum eGFR/)).toHaveAccessibleDescription(message);
    expect(requestsTo(fetchMock, `POST ${path}`)).toHaveLength(0);

    await user.clear(form.getByLabelText(/^Maximum eGFR/));
    await user.fill(form.getByLabelText(/^Maximum eGFR/), '200');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Renal function category created successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, `POST ${path}`)[0].json()).toEqual({
      minimum_egfr: 90,
      maximum_egfr: 200,
      category: 'G1',
      description: null,
    });
  });
});
