import { act, screen, waitFor, within } from '@testing-library/react';
import type { SafetyCheckResult } from '@/api';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { SafetyCheckPage } from './SafetyCheckPage';

const medications = [
  { id: 1, name: 'Warfarin' },
  { id: 2, name: 'Ibuprofen' },
  { id: 3, name: 'Paracetamol' },
  { id: 4, name: 'Amoxicillin' },
];

/** `GET /<path>/<id>` of each record: how a shared link's choices get their names. */
function records<Row extends { id: number }>(
  path: string,
  rows: readonly Row[],
): Record<string, MockHandler> {
  return Object.fromEntries(rows.map((row) => [`GET /${path}/${row.id}`, { body: { data: row } }]));
}

const drugClasses = [
  {
    id: 2,
    name: 'Penicillins',
    atc_code: 'J01CA',
    duplicate_severity: null,
    members: [{ id: 21, medication_id: 4, name: 'Amoxicillin' }],
    member_count: 1,
  },
  {
    id: 6,
    name: 'NSAIDs',
    atc_code: 'M01A',
    duplicate_severity: 'major',
    members: [],
    member_count: 0,
  },
];

/** Release 4, the latest in effect, and release 3 before it. */
const releasePage = {
  body: {
    data: [4, 3].map((number) => ({
      number,
      title: `Release title ${number}`,
      notes: '',
      published_by: 7,
      published_by_name: 'Ada Admin',
      published_at: '2026-11-01T09:00:00.000Z',
      effective_at: '2026-11-01T09:00:00.000Z',
      in_effect: true,
      latest: number === 4,
    })),
    meta: { total: 2, page: 1, page_size: 100 },
  },
};

const lists: Record<string, MockHandler> = {
  // The Reference data selector's releases.
  'GET /release': releasePage,
  // The pickers' searches: the first matches, which here are every record.
  'GET /medication': { body: { data: medications } },
  'GET /condition': { body: { data: [{ id: 7, name: 'Peptic ulcer', description: null }] } },
  'GET /lifestyle': { body: { data: [{ id: 9, name: 'Alcohol consumption' }] } },
  'GET /drug-class': { body: { data: drugClasses } },
  ...records('medication', medications),
  ...records('drug-class', drugClasses),
  ...records('condition', [{ id: 7, name: 'Peptic ulcer', description: null }]),
};

const nothingPrescribed = { dose: null, frequency: null, duration: null };

const warfarinIbuprofen: SafetyCheckResult = {
  verdict: 'contraindicated',
  complete: true,
  findings: [
    {
      kind: 'pregnancy',
      severity: 'contraindicated',
      medication_ids: [1],
      pregnancy_category: 'X',
      message: 'Warfarin is pregnancy category X: contraindicated in pregnancy.',
    },
    {
      kind: 'interaction',
      severity: 'major',
      medication_ids: [2, 1],
      interaction_id: 5,
      allergen: false,
      message: 'Ibuprofen and Warfarin: Increased bleeding risk.',
    },
  ],
  medications: [
    { medication_id: 2, name: 'Ibuprofen', prescribed: nothingPrescribed, rules: [] },
    { medication_id: 1, name: 'Warfarin', prescribed: nothingPrescribed, rules: [] },
  ],
};

const incomplete: SafetyCheckResult = {
  verdict: 'none',
  complete: false,
  findings: [
    {
      kind: 'not_checked',
      severity: null,
      medication_ids: [3],
      reason: 'missing_weight',
      basis: 'weight',
      message: 'Paracetamol: no weight given, and it is dosed by weight.',
    },
  ],
  medications: [
    { medication_id: 3, name: 'Paracetamol', prescribed: nothingPrescribed, rules: [] },
  ],
};

function renderPage(route = '/dashboard/safety-check') {
  return renderWithProviders(<SafetyCheckPage />, { route, preloadedState: signedIn() });
}

/** Lets the form's debounce (400 ms) run out. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

const location = () => screen.getByTestId('location').textContent ?? '';

/** Answers every check with `result`, keeping the bodies sent. */
function answering(result: SafetyCheckResult) {
  const bodies: unknown[] = [];
  const fetchMock = mockFetch({
    ...lists,
    'POST /safety-check': async (request) => {
      bodies.push(await request.json());
      return { body: { data: result } };
    },
  });
  return { bodies, fetchMock };
}

const SHARED =
  '/dashboard/safety-check?medications=3,1&dose_3=1000&dose_unit_3=mg&frequency_3=3' +
  '&frequency_unit_3=times/day&duration_3=5&duration_unit_3=days&dose_1=5&dose_unit_1=mg' +
  '&allergies=4&conditions=7&age=30&age_unit=years&weight=45&weight_unit=kg&sex=female' +
  '&pregnant=true';

describe('/dashboard/safety-check', () => {
  it('opens a shared link: each row shows its dose, frequency and duration, the allergies and patient too; one check, the link kept', async () => {
    const { bodies, fetchMock } = answering(warfarinIbuprofen);
    renderPage(SHARED);

    await screen.findByRole('status', { name: 'Verdict' });
    expect(bodies).toEqual([
      {
        medications: [
          {
            medication_id: 3,
            dose: 1000,
            dose_unit: 'mg',
            frequency: 3,
            frequency_unit: 'times/day',
            duration: 5,
            duration_unit: 'days',
          },
          { medication_id: 1, dose: 5, dose_unit: 'mg' },
        ],
        patient: {
          age: 30,
          age_unit: 'years',
          weight: 45,
          weight_unit: 'kg',
          sex: 'female',
          pregnant: true,
          allergy_medication_ids: [4],
          condition_ids: [7],
        },
      },
    ]);
    const rows = within(await screen.findByRole('list', { name: 'Prescribed medications' }));
    expect(rows.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Paracetamol',
      'Warfarin',
    ]);
    expect(screen.getByLabelText('Dose of Paracetamol')).toHaveValue(1000);
    expect(screen.getByLabelText('Dose unit of Paracetamol')).toHaveValue('mg');
    expect(screen.getByLabelText('Frequency of Paracetamol')).toHaveValue(3);
    expect(screen.getByLabelText('Frequency unit of Paracetamol')).toHaveValue('times/day');
    expect(screen.getByLabelText('Duration of Paracetamol')).toHaveValue(5);
    expect(screen.getByLabelText('Dose of Warfarin')).toHaveValue(5);
    expect(screen.getByLabelText('Frequency of Warfarin')).toHaveValue(null);
    const allergies = screen
      .getByRole('combobox', { name: 'Allergies' })
      .closest('.MuiAutocomplete-root') as HTMLElement;
    expect(within(allergies).getByText('Amoxicillin')).toBeInTheDocument();
    expect(screen.getByLabelText('Weight')).toHaveValue(45);
    expect(screen.getByRole('combobox', { name: 'Sex' })).toHaveTextContent('Female');
    expect(screen.getByRole('combobox', { name: 'Pregnant' })).toHaveTextContent('Yes');
    // The URL already says it all: nothing is rewritten, and there was one check only.
    await settle();
    expect(requestsTo(fetchMock, 'POST /safety-check')).toHaveLength(1);
    expect(location()).toBe(SHARED);
  });

  it('adds rows, sends each dose with its unit and the allergies, and writes all of it into the link', async () => {
    const { bodies, fetchMock } = answering(warfarinIbuprofen);
    const { user } = renderPage();
    expect(await screen.findByText(/Choose one or more medications/)).toBeInTheDocument();

    const add = screen.getByRole('combobox', { name: 'Add a medication' });
    await user.click(add);
    await user.click(await screen.findByRole('option', { name: 'Paracetamol' }));
    await user.click(add);
    // A medication already prescribed is not offered again.
    expect(screen.queryByRole('option', { name: 'Paracetamol' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Ibuprofen' }));
    await user.type(screen.getByLabelText('Dose of Paracetamol'), '15');
    await user.selectOptions(screen.getByLabelText('Dose unit of Paracetamol'), 'mg/kg');
    await user.type(screen.getByLabelText('Frequency of Paracetamol'), '2');
    await user.selectOptions(screen.getByLabelText('Frequency unit of Paracetamol'), 'x daily');
    await user.type(screen.getByLabelText('Duration of Ibuprofen'), '1');
    await user.selectOptions(screen.getByLabelText('Duration unit of Ibuprofen'), 'weeks');
    await user.click(screen.getByRole('combobox', { name: 'Allergies' }));
    await user.click(await screen.findByRole('option', { name: 'Amoxicillin' }));
    await user.type(screen.getByLabelText('Weight'), '20');

    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        medications: [
          {
            medication_id: 3,
            dose: 15,
            dose_unit: 'mg/kg',
            frequency: 2,
            frequency_unit: 'x daily',
          },
          { medication_id: 2, duration: 1, duration_unit: 'weeks' },
        ],
        patient: { weight: 20, weight_unit: 'kg', allergy_medication_ids: [4] },
      }),
    );
    await waitFor(() =>
      expect(location()).toBe(
        '/dashboard/safety-check?medications=3,2&dose_3=15&dose_unit_3=mg/kg&frequency_3=2' +
          '&frequency_unit_3=x+daily&duration_2=1&duration_unit_2=weeks&allergies=4&weight=20&weight_unit=kg',
      ),
    );
    // Debounced: far fewer checks than changes (each keystroke and choice was one change).
    expect(requestsTo(fetchMock, 'POST /safety-check').length).toBeLessThanOrEqual(5);

    // Removing a row takes it out of the check and the link.
    await user.click(screen.getByRole('button', { name: 'Remove Ibuprofen' }));
    // The focus goes back to the search, not to the page's start.
    await waitFor(() => expect(add).toHaveFocus());
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({
        medications: [{ medication_id: 3, dose: 15, dose_unit: 'mg/kg' }],
      }),
    );
    await waitFor(() => expect(location()).not.toContain('duration_2'));
  });

  it('asks the sex (Not given) and pregnancy (Not known) first; a choice is sent and linked, Not known sends nothing', async () => {
    const { bodies } = answering(warfarinIbuprofen);
    const { user } = renderPage('/dashboard/safety-check?medications=1');
    await screen.findByRole('status', { name: 'Verdict' });
    const sex = screen.getByRole('combobox', { name: 'Sex' });
    const pregnant = screen.getByRole('combobox', { name: 'Pregnant' });
    expect(sex).toHaveTextContent('Not given');
    expect(pregnant).toHaveTextContent('Not known');
    // Neither is sent while not given: the server asks about pregnancy where it matters.
    expect(bodies).toEqual([{ medications: [{ medication_id: 1 }] }]);
    const choose = async (select: HTMLElement, option: string, choices: string[]) => {
      await user.click(select);
      const listbox = within(await screen.findByRole('listbox'));
      expect(listbox.getAllByRole('option').map((o) => o.textContent)).toEqual(choices);
      await user.click(listbox.getByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    };

    await choose(sex, 'Female', ['Not given', 'Female', 'Male']);
    await choose(pregnant, 'No', ['Not known', 'Yes', 'No']);
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        medications: [{ medication_id: 1 }],
        patient: { sex: 'female', pregnant: false },
      }),
    );
    await waitFor(() =>
      expect(location()).toBe('/dashboard/safety-check?medications=1&sex=female&pregnant=false'),
    );

    await choose(pregnant, 'Yes', ['Not known', 'Yes', 'No']);
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        medications: [{ medication_id: 1 }],
        patient: { sex: 'female', pregnant: true },
      }),
    );
    await waitFor(() => expect(location()).toContain('&sex=female&pregnant=true'));

    await choose(pregnant, 'Not known', ['Not known', 'Yes', 'No']);
    await choose(sex, 'Not given', ['Not given', 'Female', 'Male']);
    await waitFor(() => expect(bodies.at(-1)).toEqual({ medications: [{ medication_id: 1 }] }));
    await waitFor(() => expect(location()).toBe('/dashboard/safety-check?medications=1'));
  });

  it("searches the pickers on the server, 20 matches at a time, and looks up a link's names one by one: no whole table", async () => {
    const { fetchMock } = answering(warfarinIbuprofen);
    const { user } = renderPage(SHARED);
    const rows = within(await screen.findByRole('list', { name: 'Prescribed medications' }));
    expect(await rows.findByRole('heading', { name: 'Paracetamol' })).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Add a medication' }), 'ibu');
    await user.click(await screen.findByRole('option', { name: 'Ibuprofen' }));
    // What the link already prescribes is not offered again.
    expect(screen.queryByRole('option', { name: 'Warfarin' })).not.toBeInTheDocument();
    expect(await rows.findByRole('heading', { name: 'Ibuprofen' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Lifestyles' }), 'alc');
    await user.click(await screen.findByRole('option', { name: 'Alcohol consumption' }));

    const searches = (key: string) =>
      requestsTo(fetchMock, key).map((request) => new URL(request.url).searchParams);
    expect(searches('GET /medication').map((params) => params.get('q'))).toContain('ibu');
    expect(searches('GET /lifestyle').map((params) => params.get('q'))).toContain('alc');
    for (const key of ['GET /medication', 'GET /condition', 'GET /lifestyle']) {
      for (const params of searches(key)) expect(params.get('page_size')).toBe('20');
    }
    // The link's records, each asked for once: its medications and allergy, and its condition.
    for (const key of ['GET /medication/3', 'GET /medication/1', 'GET /medication/4']) {
      expect(requestsTo(fetchMock, key)).toHaveLength(1);
    }
    expect(requestsTo(fetchMock, 'GET /condition/7')).toHaveLength(1);
    // A picked record's name comes with the pick.
    expect(requestsTo(fetchMock, 'GET /medication/2')).toHaveLength(0);
  });

  it("sends the allergy classes as patient.allergy_class_ids and links them; a link's classes are looked up by id", async () => {
    const { bodies, fetchMock } = answering(warfarinIbuprofen);
    const { user } = renderPage('/dashboard/safety-check?medications=1&allergy_classes=6');
    const classes = screen
      .getByRole('combobox', { name: 'Allergy classes' })
      .closest('.MuiAutocomplete-root') as HTMLElement;
    // The link's class, named by its own record.
    expect(await within(classes).findByText('NSAIDs')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /drug-class/6')).toHaveLength(1);
    expect(bodies[0]).toEqual({
      medications: [{ medication_id: 1 }],
      patient: { allergy_class_ids: [6] },
    });

    await user.type(screen.getByRole('combobox', { name: 'Allergy classes' }), 'pen');
    await user.click(await screen.findByRole('option', { name: 'Penicillins' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        medications: [{ medication_id: 1 }],
        patient: { allergy_class_ids: [6, 2] },
      }),
    );
    await waitFor(() =>
      expect(location()).toBe('/dashboard/safety-check?medications=1&allergy_classes=6,2'),
    );
    // The classes are searched by name, 20 at a time, as the other pickers are.
    const search = requestsTo(fetchMock, 'GET /drug-class').map((request) =>
      Object.fromEntries(new URL(request.url).searchParams),
    );
    expect(search.at(-1)).toEqual({ q: 'pen', page: '1', page_size: '20', sort: 'name' });
  });

  it('names a duplicate therapy, and marks a finding that comes from a class rule', async () => {
    answering({
      verdict: 'major',
      complete: true,
      findings: [
        {
          kind: 'duplicate_therapy',
          severity: 'major',
          medication_ids: [2, 3],
          drug_class_id: 6,
          message: 'Ibuprofen and Paracetamol are both NSAIDs: a duplicate therapy.',
        },
        {
          kind: 'interaction',
          severity: 'moderate',
          medication_ids: [2, 1],
          class_rule_id: 8,
          allergen: false,
          message: 'NSAIDs with Warfarin: bleeding risk.',
        },
      ],
      medications: [
        { medication_id: 1, name: 'Warfarin', prescribed: nothingPrescribed, rules: [] },
        { medication_id: 2, name: 'Ibuprofen', prescribed: nothingPrescribed, rules: [] },
        { medication_id: 3, name: 'Paracetamol', prescribed: nothingPrescribed, rules: [] },
      ],
    });
    renderPage('/dashboard/safety-check?medications=1,2,3');
    const major = within(await screen.findByRole('region', { name: 'Major (1)' }));
    const duplicate = within(major.getByRole('listitem'));
    expect(duplicate.getByText('Ibuprofen + Paracetamol')).toBeInTheDocument();
    expect(duplicate.getByText('Duplicate therapy')).toBeInTheDocument();
    expect(duplicate.queryByText('Class rule')).not.toBeInTheDocument();
    const moderate = within(
      within(screen.getByRole('region', { name: 'Moderate (1)' })).getByRole('listitem'),
    );
    expect(moderate.getByText('Interaction')).toBeInTheDocument();
    expect(moderate.getByText('Class rule')).toBeInTheDocument();
  });

  it('offers every dose, frequency and duration unit of the contract', async () => {
    answering(warfarinIbuprofen);
    renderPage('/dashboard/safety-check?medications=3');
    const options = async (label: string) =>
      within(await screen.findByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(await options('Dose unit of Paracetamol')).toEqual([
      'mg',
      'mcg',
      'g',
      'ml',
      'mg/kg',
      'mcg/kg',
      'tablet',
      'capsule',
    ]);
    expect(await options('Frequency unit of Paracetamol')).toEqual([
      'hours',
      'days',
      'weeks',
      'months',
      'x daily',
      'x weekly',
      'x monthly',
      'x yearly',
      'times/day',
      'times/week',
      'times/month',
      'times/year',
      'every day',
    ]);
    expect(await options('Duration unit of Paracetamol')).toEqual([
      'hours',
      'days',
      'weeks',
      'months',
      'every day',
    ]);
  });

  it("sends the eGFR as patient.egfr in mL/min/1.73 m² and links it; a link's eGFR fills the field", async () => {
    const { bodies } = answering(warfarinIbuprofen);
    const { user } = renderPage('/dashboard/safety-check?medications=1&egfr=40');
    const egfr = screen.getByRole('spinbutton', { name: 'eGFR' });
    expect(egfr).toHaveValue(40);
    expect(egfr).toHaveAccessibleDescription('mL/min/1.73 m²');
    await screen.findByRole('status', { name: 'Verdict' });
    expect(bodies[0]).toEqual({ medications: [{ medication_id: 1 }], patient: { egfr: 40 } });

    await user.clear(egfr);
    await user.fill(egfr, '25');
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ medications: [{ medication_id: 1 }], patient: { egfr: 25 } }),
    );
    await waitFor(() => expect(location()).toBe('/dashboard/safety-check?medications=1&egfr=25'));

    // Out of the contract's 0 to 200: said under the field, and not sent.
    const sent = bodies.length;
    await user.clear(egfr);
    await user.fill(egfr, '201');
    expect(await screen.findByText('eGFR must be from 0 to 200')).toBeInTheDocument();
    expect(egfr).toHaveAttribute('aria-invalid', 'true');
    await settle();
    expect(bodies).toHaveLength(sent);
  });

  it("names kidney function findings: a rule that avoids the medication, and 'eGFR not given'", async () => {
    answering({
      verdict: 'contraindicated',
      complete: false,
      findings: [
        {
          kind: 'renal',
          severity: 'contraindicated',
          medication_ids: [3],
          renal_rule_id: 8,
          message: 'Paracetamol is avoided at an eGFR of 10 (G5).',
        },
        {
          kind: 'not_checked',
          severity: null,
          medication_ids: [1],
          reason: 'missing_egfr',
          message: 'Warfarin: eGFR not given, and it has renal rules.',
        },
      ],
      medications: [
        { medication_id: 3, name: 'Paracetamol', prescribed: nothingPrescribed, rules: [] },
        { medication_id: 1, name: 'Warfarin', prescribed: nothingPrescribed, rules: [] },
      ],
    });
    renderPage('/dashboard/safety-check?medications=3,1');
    const verdict = within(await screen.findByRole('status', { name: 'Verdict' }));
    const finding = (
      await screen.findByText('Paracetamol is avoided at an eGFR of 10 (G5).')
    ).closest('li') as HTMLElement;
    expect(within(finding).getByText('Kidney function')).toBeInTheDocument();
    const missing = within(verdict.getByRole('list', { name: 'Could not be checked' }));
    expect(missing.getByText('eGFR not given')).toBeInTheDocument();
  });

  it('shows an incomplete answer in amber, never as a green "No findings"', async () => {
    answering(incomplete);
    renderPage('/dashboard/safety-check?medications=3');
    const verdict = within(await screen.findByRole('status', { name: 'Verdict' }));
    const notice = await verdict.findByText('Incomplete: 1 thing could not be checked');
    expect(notice.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
    expect(
      verdict.getByText('Paracetamol: no weight given, and it is dosed by weight.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('No findings')).not.toBeInTheDocument();
    expect(screen.queryByText(/Nothing in the reference data speaks against/)).toBeNull();
  });

  // Every rule is unit-tested in safetyCheckForm.test.ts; here, one patient field and one row field.
  it.each([
    ['an age of 131 years', 'Age', '131', 'Age must be from 0 to 130 years'],
    ['a dose of 0', 'Dose of Warfarin', '0', 'Dose must be above 0 and at most 1,000,000'],
  ])(
    'says what is wrong with %s, and sends nothing for it',
    async (_what, label, text, message) => {
      const { fetchMock } = answering(warfarinIbuprofen);
      const { user } = renderPage('/dashboard/safety-check?medications=1');
      await screen.findByRole('status', { name: 'Verdict' });
      await user.fill(screen.getByLabelText(label), text);
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(
        screen.getByText('Correct the highlighted fields to see the check.'),
      ).toBeInTheDocument();
      await settle();
      expect(requestsTo(fetchMock, 'POST /safety-check')).toHaveLength(1);
      expect(location()).toBe('/dashboard/safety-check?medications=1');
    },
  );

  it("shows the server's refusal in a banner, and each field's message under its field", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // the base query logs failures
    mockFetch({
      ...lists,
      'POST /safety-check': {
        status: 422,
        body: {
          message: 'The patient is not plausible.',
          errors: {
            'patient.weight': ['Weight must be above 0 and at most 650 kg (1,433 lbs).'],
            'medications.0.dose': ['Dose is too large for any patient.'],
          },
        },
      },
    });
    renderPage('/dashboard/safety-check?medications=1&dose_1=5&dose_unit_1=g&weight=600');
    expect(await screen.findByText('The patient is not plausible.')).toBeInTheDocument();
    expect(screen.getByText('The check failed')).toBeInTheDocument();
    expect(
      await screen.findByText('Weight must be above 0 and at most 650 kg (1,433 lbs).'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Weight')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Dose is too large for any patient.')).toBeInTheDocument();
    expect(screen.getByLabelText('Dose of Warfarin')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the draft by default; the latest release or a release by number when chosen, in the link too; the answer says which', async () => {
    // The answer says which release it read: the latest is release 4.
    const fetchMock = mockFetch({
      ...lists,
      'POST /safety-check': (request) => {
        const asked = new URL(request.url).searchParams.get('release');
        const release = asked === 'draft' ? 'draft' : asked === 'latest' ? 4 : Number(asked);
        return { body: { data: { ...warfarinIbuprofen, release } } };
      },
    });
    const { user } = renderPage('/dashboard/safety-check?medications=1');
    const checked = () =>
      requestsTo(fetchMock, 'POST /safety-check').map((request) =>
        new URL(request.url).searchParams.get('release'),
      );
    expect(await screen.findByText('Checked against the draft')).toBeInTheDocument();
    expect(checked()).toEqual(['draft']);
    const select = screen.getByRole('combobox', { name: 'Reference data' });
    expect(select).toHaveValue('draft');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Draft', 'Latest release', 'Release 4', 'Release 3']),
    );
    expect(screen.getByRole('button', { name: 'Save as test prescription' })).toBeEnabled();

    await user.selectOptions(select, 'Latest release');
    expect(await screen.findByText('Checked against release 4 (the latest)')).toBeInTheDocument();
    expect(checked()).toEqual(['draft', 'latest']);
    expect(location()).toBe('/dashboard/safety-check?medications=1&release=latest');
    // Test prescriptions run on the draft: a check of a release cannot become one.
    expect(screen.getByRole('button', { name: 'Save as test prescription' })).toBeDisabled();

    await user.selectOptions(select, 'Release 3');
    expect(await screen.findByText('Checked against release 3')).toBeInTheDocument();
    expect(checked()).toEqual(['draft', 'latest', '3']);
    expect(location()).toBe('/dashboard/safety-check?medications=1&release=3');

    // A change to the form keeps the release in the link.
    await user.fill(screen.getByLabelText('Weight'), '70');
    await waitFor(() =>
      expect(location()).toBe(
        '/dashboard/safety-check?medications=1&weight=70&weight_unit=kg&release=3',
      ),
    );
    await waitFor(() => expect(checked().at(-1)).toBe('3'));
  });

  it('opens a link to a release: the selector shows it and the check reads it', async () => {
    const { fetchMock } = answering(warfarinIbuprofen);
    renderPage('/dashboard/safety-check?medications=1&release=3');
    expect(await screen.findByText('Checked against release 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Reference data' })).toHaveValue('3');
    const [request] = requestsTo(fetchMock, 'POST /safety-check');
    expect(new URL(request.url).searchParams.get('release')).toBe('3');
    await settle();
    expect(requestsTo(fetchMock, 'POST /safety-check')).toHaveLength(1);
  });
});
