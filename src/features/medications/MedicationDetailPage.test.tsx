import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { api, type DrugClass, type Medication } from '@/api';
import { makeStore } from '@/app/store';
import { firstPage } from '@/lib/listPage';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import {
  mockFetch as mockApi,
  requestsTo,
  type MockHandler,
  type MockReply,
} from '@/test/mockFetch';
import { noHistory, signedIn, viewerUser } from '@/test/fixtures';
import { MedicationDetailPage } from './MedicationDetailPage';
import {
  ageDosage,
  amoxicillin,
  driving,
  obese,
  paracetamol,
  pediatric,
  referenceLists,
  weightDosage,
} from '@/test/medicationFixtures';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderDetail(id: number | string, store = makeStore(signedIn())) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/drugs/medications/:id" element={<MedicationDetailPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: `/dashboard/drugs/medications/${id}`, store },
  );
}

/** Answers GET /medication/7 with each of `versions` in turn (the last one from then on). */
function versions(...answers: Medication[]): MockHandler {
  let call = 0;
  return () => ({ body: { data: answers[Math.min(call++, answers.length - 1)] } });
}

/** A page of drug classes, as `GET /drug-class` answers a filtered list. */
function classPage(classes: DrugClass[]) {
  return { body: { data: classes, meta: { total: classes.length, page: 1, page_size: 100 } } };
}

/**
 * The API for the page: `routes`, an empty history for its History section, no drug classes for
 * its Drug Classes section, no ingredients for its Ingredients section and no renal rules for its
 * Renal Rules section, unless `routes` says otherwise.
 */
function mockFetch(routes: Record<string, MockHandler>) {
  return mockApi({
    'GET /audit': noHistory,
    'GET /drug-class': classPage([]),
    'GET /ingredient': { body: { data: [], meta: { total: 0, page: 1, page_size: 100 } } },
    'GET /renal-rule': { body: { data: [] } },
    ...routes,
  });
}

const statins: DrugClass = {
  id: 4,
  name: 'Statins',
  atc_code: 'C10AA',
  duplicate_severity: 'major',
  members: [
    { id: 41, medication_id: 7, name: 'Amoxicillin' },
    { id: 42, medication_id: 9, name: 'Simvastatin' },
  ],
  member_count: 2,
  codes: [],
};
const penicillins: DrugClass = {
  id: 5,
  name: 'Penicillins',
  atc_code: null,
  duplicate_severity: null,
  members: [{ id: 51, medication_id: 7, name: 'Amoxicillin' }],
  member_count: 1,
  codes: [],
};

/** Answers `GET /drug-class` with each of `answers` in turn (the last one from then on). */
function classVersions(...answers: DrugClass[][]): () => MockReply {
  let call = 0;
  return () => classPage(answers[Math.min(call++, answers.length - 1)]);
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('/dashboard/drugs/medications/{id}', () => {
  it('loads the medication by id (a reload or a pasted link) and shows its information and sections', async () => {
    const fetchMock = mockFetch({ 'GET /medication/7': { body: { data: amoxicillin } } });
    renderDetail(7);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Medication Details' }),
    ).toBeInTheDocument();
    const info = section('Information');
    const value = (label: string) => info.getByText(label).nextElementSibling?.textContent;
    expect(value('Name')).toBe('Amoxicillin');
    expect(value('Condition')).toBe('Hypertension');
    expect(value('Dosage Type')).toBe('Weight-based');
    expect(value('Dosage Per Weight')).toBe('25 Mg');
    expect(value('Pregnancy Category')).toMatch(/^B \(legacy FDA letter category/);
    expect(value('Created At')).toBe(new Date(amoxicillin.created_at).toLocaleDateString());

    const weight = section('Weight-based Dosages');
    expect(await weight.findByRole('grid', { name: 'Weight-based Dosages' })).toBeInTheDocument();
    expect(weight.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Weight Category',
      'Dosage Range',
      'Frequency Range',
      'Duration Range',
      'Max per Day',
      'Max Single Dose',
      'Edit',
    ]);
    expect(
      weight
        .getAllByRole('gridcell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['Normal (18.5 - 24.9 Kg)', '250 - 500 Mg', '1 - 3 Hours', '3 - 7 Days', '1500 Mg']);
    expect(
      section('Age-based Dosages').getByText('No age-based dosages found.'),
    ).toBeInTheDocument();
    const contraindications = section('Contraindications');
    expect(await contraindications.findByRole('gridcell', { name: 'Asthma' })).toBeInTheDocument();
    expect(
      await contraindications.findByRole('gridcell', { name: 'Inflammatory arthritis' }),
    ).toBeInTheDocument();
    expect(
      await section('Lifestyle Contraindications').findByRole('gridcell', { name: 'Alcohol' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /medication/7')).toHaveLength(1);
  });

  it('shows each condition link with its level, and a caution with its severity', async () => {
    mockFetch({ 'GET /medication/7': { body: { data: amoxicillin } } });
    renderDetail(7);
    const contraindications = within(
      await screen.findByRole('region', { name: 'Contraindications' }),
    );
    expect(
      (await contraindications.findAllByRole('columnheader')).map((cell) => cell.textContent),
    ).toEqual(['Condition', 'Level', 'Description', 'Remove']);
    const rowOf = (name: string) =>
      contraindications
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('gridcell', { name }));
    const cells = (name: string) =>
      within(rowOf(name) as HTMLElement)
        .getAllByRole('gridcell')
        .slice(0, 2)
        .map((cell) => cell.textContent);
    await waitFor(() => expect(cells('Asthma')).toEqual(['Asthma', 'Contraindicated']));
    expect(cells('Gout')).toEqual(['Gout', 'Caution (moderate)']);
  });

  it('shows N/A and the empty texts for a medication without them', async () => {
    mockFetch({
      'GET /medication/8': {
        body: { data: { ...paracetamol, condition: { ...paracetamol.condition, name: '' } } },
      },
    });
    renderDetail(8);
    const info = within(await screen.findByRole('region', { name: 'Information' }));
    const value = (label: string) => info.getByText(label).nextElementSibling?.textContent;
    expect(value('Condition')).toBe('N/A');
    expect(value('Dosage Type')).toBe('Age-based');
    expect(value('Dosage Per Weight')).toBe('N/A');
    expect(value('Pregnancy Category')).toBe('N/A');
    expect(screen.getByText('No weight-based dosages found.')).toBeInTheDocument();
    expect(screen.getByText('No contraindications found.')).toBeInTheDocument();
    expect(screen.getByText('No lifestyle contraindications found.')).toBeInTheDocument();
    expect(
      await section('Age-based Dosages').findByRole('gridcell', { name: '1 - 2 Weeks' }),
    ).toBeInTheDocument();
  });

  it("shows each dosage's maximum single dose in the unit without per kg, and '--' where there is none", async () => {
    // A children's dose per kg that is still at most 500 mg in one dose, whatever the child weighs.
    const perKgChild = {
      ...ageDosage,
      medication_id: amoxicillin.id,
      age_category_id: pediatric.id,
      age_category: pediatric,
      min_dosage: 10,
      max_dosage: 10,
      dosage_unit: 'mg/kg' as const,
      max_dose: 500,
    };
    mockFetch({
      'GET /medication/7': {
        body: {
          data: {
            ...amoxicillin,
            weight_category_dosages: [weightDosage],
            age_category_dosages: [perKgChild],
          },
        },
      },
    });
    renderDetail(7);
    await screen.findByRole('heading', { level: 1, name: 'Medication Details' });
    const texts = (cells: HTMLElement[]) => cells.map((cell) => cell.textContent);
    const age = section('Age-based Dosages');
    await age.findByRole('grid', { name: 'Age-based Dosages' });
    expect(texts(age.getAllByRole('columnheader'))).toContain('Max Single Dose');
    expect(texts(age.getAllByRole('gridcell')).slice(0, 6)).toEqual([
      'Pediatric (2 - 17 Years)',
      '10 - 10 Mg/kg',
      '6 - 8 Hours',
      '1 - 2 Weeks',
      '--',
      '500 Mg',
    ]);
    const weight = section('Weight-based Dosages');
    expect(texts(weight.getAllByRole('gridcell')).slice(4, 6)).toEqual(['1500 Mg', '--']);
  });

  it('shows a per-kilogram dosage range with its unit', async () => {
    mockFetch({
      'GET /medication/7': {
        body: {
          data: {
            ...amoxicillin,
            weight_category_dosages: [
              { ...weightDosage, min_dosage: 10, max_dosage: 15, dosage_unit: 'mg/kg' },
            ],
          },
        },
      },
    });
    renderDetail(7);
    const weight = within(await screen.findByRole('region', { name: 'Weight-based Dosages' }));
    expect(await weight.findByRole('gridcell', { name: '10 - 15 Mg/kg' })).toBeInTheDocument();
  });

  it('takes the medication from the list already loaded, without fetching it', async () => {
    const fetchMock = mockFetch({
      'GET /medication': { body: { data: [amoxicillin, paracetamol] } },
    });
    const store = makeStore(signedIn());
    // The Medications screen's first page.
    await store.dispatch(api.endpoints.listMedications.initiate(firstPage('name')));
    renderDetail(8, store);
    expect(await screen.findByText('Paracetamol', { selector: 'dd' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /medication/8')).toHaveLength(0);
  });

  it("says 'Medication not found' only when the server says so", async () => {
    mockFetch({ 'GET /medication/99': { status: 404, body: { message: 'Medication not found' } } });
    const { user } = renderDetail(99);
    expect(await screen.findByText('Medication not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/drugs/medications');
  });

  it('treats an id that cannot be one as not found, without a request', async () => {
    const fetchMock = mockFetch({});
    renderDetail('abc');
    expect(await screen.findByText('Medication not found')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows any other failure as that failure, not as not found', async () => {
    mockFetch({
      'GET /medication/7': { status: 503, body: { message: 'The database is unavailable' } },
    });
    renderDetail(7);
    expect(await screen.findByText('The database is unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Medication not found')).not.toBeInTheDocument();
  });

  it('refreshes after adding a weight dosage (tag invalidation, no manual refetch)', async () => {
    const added = {
      ...weightDosage,
      id: 102,
      weight_category_id: obese.id,
      weight_category: obese,
    };
    const fetchMock = mockFetch({
      ...referenceLists,
      'GET /medication/7': versions(amoxicillin, {
        ...amoxicillin,
        weight_category_dosages: [weightDosage, added],
      }),
      'POST /medication/add-weight-based-dosage': {
        status: 201,
        body: { data: added, message: 'Weight dosage added successfully' },
      },
    });
    const { user } = renderDetail(7);
    const weight = within(await screen.findByRole('region', { name: 'Weight-based Dosages' }));
    await user.click(weight.getByRole('button', { name: 'Add Weight Dosage' }));
    const category = await screen.findByLabelText(/^Weight Category/);
    const dialog = within(screen.getByRole('dialog', { name: 'Add Weight-Based Dosage' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    await user.selectOptions(category, '12');
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '250');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '500');
    // A dosage range needs a reason: nothing is sent without one.
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /medication/add-weight-based-dosage')).toHaveLength(0);
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'New obesity guidance');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    await findToast('Weight dosage added successfully');
    expect(
      await requestsTo(fetchMock, 'POST /medication/add-weight-based-dosage')[0].json(),
    ).toMatchObject({ medication_id: 7, min_dosage: 250, reason: 'New obesity guidance' });
    expect(
      await weight.findByRole('gridcell', { name: 'Obese (30 - 200 Kg)' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /medication/7')).toHaveLength(2);
  });

  it('edits a dosage: the Edit button opens its values, the category fixed', async () => {
    mockFetch({ 'GET /medication/7': { body: { data: amoxicillin } } });
    const { user } = renderDetail(7);
    const weight = within(await screen.findByRole('region', { name: 'Weight-based Dosages' }));
    await user.click(
      weight.getByRole('button', { name: 'Edit weight dosage for Normal (18.5 - 24.9 Kg)' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Weight-Based Dosage' }));
    expect(dialog.getByLabelText(/^Weight Category/)).toBeDisabled();
    expect(dialog.getByLabelText(/^Minimum dosage/)).toHaveValue(250);
  });

  it('deletes a lifestyle contraindication after the confirm, then refreshes', async () => {
    const fetchMock = mockFetch({
      'GET /medication/7': versions(amoxicillin, {
        ...amoxicillin,
        medical_lifestyle_contraindications: [],
      }),
      'DELETE /lifestyle-contraindication': {
        body: { message: 'Lifestyle contraindication deleted successfully' },
      },
    });
    const { user } = renderDetail(7);
    const lifestyles = within(
      await screen.findByRole('region', { name: 'Lifestyle Contraindications' }),
    );
    await user.click(
      lifestyles.getByRole('button', { name: 'Delete lifestyle contraindication Alcohol' }),
    );
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Delete Lifestyle Contraindication' }),
    );
    expect(
      confirm.getByText(
        'Are you sure you want to delete this lifestyle contraindication? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Lifestyle contraindication deleted successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /lifestyle-contraindication')[0].json()).toEqual({
      id: 301,
    });
    expect(await screen.findByText('No lifestyle contraindications found.')).toBeInTheDocument();
  });

  it('removes a condition contraindication with the remove call', async () => {
    const fetchMock = mockFetch({
      'GET /medication/7': versions(amoxicillin, {
        ...amoxicillin,
        condition_contraindications: [amoxicillin.condition_contraindications[1]],
        contraindications: [3],
      }),
      'DELETE /medication/remove-contraindication': {
        body: { message: 'Contraindication removed successfully' },
      },
    });
    const { user } = renderDetail(7);
    const contraindications = within(
      await screen.findByRole('region', { name: 'Contraindications' }),
    );
    await user.click(
      contraindications.getByRole('button', { name: 'Remove contraindication Asthma' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Contraindication' })).getByRole(
        'button',
        {
          name: 'Remove',
        },
      ),
    );
    expect(await findToast('Contraindication removed successfully')).toBeInTheDocument();
    expect(
      await requestsTo(fetchMock, 'DELETE /medication/remove-contraindication')[0].json(),
    ).toEqual({
      medication_id: 7,
      condition_id: 2,
    });
    await waitFor(() =>
      expect(contraindications.queryByRole('gridcell', { name: 'Asthma' })).not.toBeInTheDocument(),
    );
  });

  it('adds a lifestyle contraindication with its severity and shows it', async () => {
    const link = {
      id: 302,
      medication_id: 7,
      lifestyle_id: driving.id,
      severity: 'minor' as const,
      lifestyle: driving,
      medication: { id: 7, name: 'Amoxicillin' },
    };
    const fetchMock = mockFetch({
      ...referenceLists,
      'GET /medication/7': versions(amoxicillin, {
        ...amoxicillin,
        medical_lifestyle_contraindications: [
          ...amoxicillin.medical_lifestyle_contraindications,
          link,
        ],
      }),
      'POST /lifestyle-contraindication': {
        status: 201,
        body: { data: link, message: 'Lifestyle contraindication added successfully' },
      },
    });
    const { user } = renderDetail(7);
    const lifestyles = within(
      await screen.findByRole('region', { name: 'Lifestyle Contraindications' }),
    );
    await user.click(lifestyles.getByRole('button', { name: 'Add Lifestyle Contraindication' }));
    await user.type(await screen.findByRole('combobox', { name: /^Lifestyle/ }), 'dri');
    await user.click(await screen.findByRole('option', { name: 'Driving' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Lifestyle Contraindication' }));
    // A new link starts major, as every link was before links had a severity.
    expect(dialog.getByLabelText(/^Severity/)).toHaveValue('major');
    await user.selectOptions(dialog.getByLabelText(/^Severity/), 'minor');
    await user.click(dialog.getByRole('button', { name: 'Add Lifestyle Contraindication' }));
    expect(await lifestyles.findByRole('gridcell', { name: 'Driving' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /lifestyle-contraindication')[0].json()).toEqual({
      medication_id: 7,
      lifestyle_id: driving.id,
      severity: 'minor',
    });
    expect(lifestyles.getByRole('gridcell', { name: 'Minor' })).toBeInTheDocument();
  });

  it('changes a lifestyle contraindication’s severity, with a reason, and the page follows', async () => {
    const [alcoholLink] = amoxicillin.medical_lifestyle_contraindications;
    const moderate = { ...alcoholLink, severity: 'moderate' as const };
    const fetchMock = mockFetch({
      'GET /medication/7': versions(amoxicillin, {
        ...amoxicillin,
        medical_lifestyle_contraindications: [moderate],
      }),
      'PUT /lifestyle-contraindication': {
        body: { data: moderate, message: 'Lifestyle contraindication updated successfully' },
      },
    });
    const { user } = renderDetail(7);
    const lifestyles = within(
      await screen.findByRole('region', { name: 'Lifestyle Contraindications' }),
    );
    expect(lifestyles.getByRole('gridcell', { name: 'Major' })).toBeInTheDocument();
    await user.click(lifestyles.getByRole('button', { name: 'Edit severity of Alcohol' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Lifestyle Severity' }));
    expect(dialog.getByLabelText('Lifestyle')).toHaveValue('Alcohol');
    expect(dialog.getByLabelText(/^Severity/)).toHaveValue('major');
    await user.selectOptions(dialog.getByLabelText(/^Severity/), 'moderate');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Only heavy drinking matters');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Lifestyle contraindication updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /lifestyle-contraindication')[0].json()).toEqual({
      id: alcoholLink.id,
      severity: 'moderate',
      reason: 'Only heavy drinking matters',
    });
    expect(await lifestyles.findByRole('gridcell', { name: 'Moderate' })).toBeInTheDocument();
  });

  it('Edit Medication changes the name and category, and the page follows', async () => {
    const fetchMock = mockFetch({
      'GET /medication/7': versions(amoxicillin, {
        ...amoxicillin,
        name: 'Amoxil',
        pregnancy_category: 'C',
      }),
      'PUT /medication/update-medication': {
        body: {
          data: { ...amoxicillin, name: 'Amoxil' },
          message: 'Medication updated successfully',
        },
      },
    });
    const { user } = renderDetail(7);
    await user.click(await screen.findByRole('button', { name: 'Edit Medication' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Medication' }));
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.fill(dialog.getByLabelText(/^Name/), 'Amoxil');
    await user.selectOptions(dialog.getByLabelText('Pregnancy Category'), 'C');
    // A changed pregnancy category needs a reason.
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Label update 2024');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Medication updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxil',
      pregnancy_category: 'C',
      reason: 'Label update 2024',
    });
    expect(await screen.findByText('Amoxil', { selector: 'dd' })).toBeInTheDocument();
  });

  it('renaming alone needs no reason', async () => {
    const fetchMock = mockFetch({
      'GET /medication/7': { body: { data: amoxicillin } },
      'PUT /medication/update-medication': {
        body: {
          data: { ...amoxicillin, name: 'Amoxil' },
          message: 'Medication updated successfully',
        },
      },
    });
    const { user } = renderDetail(7);
    await user.click(await screen.findByRole('button', { name: 'Edit Medication' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Medication' }));
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.fill(dialog.getByLabelText(/^Name/), 'Amoxil');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Medication updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxil',
      pregnancy_category: 'B',
    });
  });

  it('shows the age limit in words in its information', async () => {
    const ageLimit = { min_age: 1, max_age: 80, unit: 'years', severity: 'major' } as const;
    mockFetch({ 'GET /medication/7': { body: { data: { ...amoxicillin, age_limit: ageLimit } } } });
    renderDetail(7);
    const info = within(await screen.findByRole('region', { name: 'Information' }));
    expect(info.getByText('Age Limit').nextElementSibling?.textContent).toBe(
      'Not recommended (major) under 1 year or over 80 years',
    );
  });

  it("lists the medication's drug classes, asked for by the medication's id", async () => {
    const fetchMock = mockFetch({
      'GET /medication/7': { body: { data: amoxicillin } },
      'GET /drug-class': classPage([penicillins, statins]),
    });
    renderDetail(7);
    const classes = within(await screen.findByRole('region', { name: 'Drug Classes' }));
    expect(await classes.findByRole('grid', { name: 'Drug Classes' })).toBeInTheDocument();
    expect(classes.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Class',
      'ATC Code',
      'Duplicate Therapy',
      'Remove',
    ]);
    const cells = (name: string) =>
      within(
        classes.getAllByRole('row').find((row) => within(row).queryByText(name)) as HTMLElement,
      )
        .getAllByRole('gridcell')
        .slice(0, 3)
        .map((cell) => cell.textContent);
    expect(cells('Statins')).toEqual(['Statins', 'C10AA', 'Major']);
    expect(cells('Penicillins')).toEqual(['Penicillins', '--', 'Allowed']);
    const [request] = requestsTo(fetchMock, 'GET /drug-class');
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({
      medication_id: '7',
      page: '1',
      page_size: '100',
      sort: 'name',
    });
  });

  it('says so when the medication is in no class, and when its classes could not be loaded', async () => {
    mockFetch({ 'GET /medication/7': { body: { data: amoxicillin } } });
    const { unmount } = renderDetail(7);
    expect(
      await within(await screen.findByRole('region', { name: 'Drug Classes' })).findByText(
        'No drug classes found.',
      ),
    ).toBeInTheDocument();
    unmount();
    mockFetch({
      'GET /medication/7': { body: { data: amoxicillin } },
      'GET /drug-class': { status: 500, body: { message: 'Database unavailable' } },
    });
    renderDetail(7);
    expect(
      await within(await screen.findByRole('region', { name: 'Drug Classes' })).findByText(
        'The drug classes could not be loaded.',
      ),
    ).toBeInTheDocument();
  });

  it('Add to Class searches the classes, greys out its own, adds the medication and shows the class', async () => {
    const sectionList = classVersions([penicillins], [penicillins, statins]);
    const fetchMock = mockFetch({
      'GET /medication/7': { body: { data: amoxicillin } },
      'GET /drug-class': (request) =>
        // The picker's search (by name, 20 at a time), or the section's list.
        new URL(request.url).searchParams.get('page_size') === '20'
          ? classPage([penicillins, statins])
          : sectionList(),
      'POST /drug-class/member': {
        status: 201,
        body: { data: statins, message: 'Medication added to the class' },
      },
    });
    const { user } = renderDetail(7);
    const classes = within(await screen.findByRole('region', { name: 'Drug Classes' }));
    await classes.findByRole('gridcell', { name: 'Penicillins' });
    await user.click(classes.getByRole('button', { name: 'Add to Class' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add to Class' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    await user.type(dialog.getByRole('combobox', { name: /^Class/ }), 's');
    expect(
      await screen.findByRole('option', { name: 'Penicillins (already listed)' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Statins' }));
    await user.click(dialog.getByRole('button', { name: 'Add to Class' }));
    expect(await findToast('Medication added to the class')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /drug-class/member')[0].json()).toEqual({
      drug_class_id: 4,
      medication_id: 7,
    });
    // The section's list is asked for again (the cache's tags) and shows the class.
    expect(await classes.findByRole('gridcell', { name: 'Statins' })).toBeInTheDocument();
  });

  it('removes the medication from a class after the confirm, with its membership id', async () => {
    const fetchMock = mockFetch({
      'GET /medication/7': { body: { data: amoxicillin } },
      'GET /drug-class': classVersions([penicillins, statins], [penicillins]),
      'DELETE /drug-class/member': { body: { message: 'Medication removed from the class' } },
    });
    const { user } = renderDetail(7);
    const classes = within(await screen.findByRole('region', { name: 'Drug Classes' }));
    await user.click(await classes.findByRole('button', { name: 'Remove from class Statins' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove from Class' }));
    expect(
      confirm.getByText('Are you sure you want to remove this medication from the class?'),
    ).toBeInTheDocument();
    expect(confirm.getByText('Statins')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await findToast('Medication removed from the class')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /drug-class/member')[0].json()).toEqual({ id: 41 });
    // Once the confirm has gone (the page is hidden from assistive technology until then).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(classes.queryByRole('gridcell', { name: 'Statins' })).not.toBeInTheDocument(),
    );
    expect(classes.getByRole('gridcell', { name: 'Penicillins' })).toBeInTheDocument();
  });

  it('shows a viewer no Add, Edit, Remove or Delete control, but the history', async () => {
    const fetchMock = mockFetch({ 'GET /medication/7': { body: { data: amoxicillin } } });
    renderDetail(7, makeStore(signedIn(viewerUser)));
    expect(await screen.findByRole('region', { name: 'Weight-based Dosages' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Add|Edit|Remove|Delete)\b/ })).toBeNull();
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    const [history] = requestsTo(fetchMock, 'GET /audit');
    expect(new URL(history.url).searchParams.get('medication_id')).toBe('7');
  });
});
