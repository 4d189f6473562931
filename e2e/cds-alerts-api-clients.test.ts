import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';
import { ATC } from '../server/domain/codes';

/**
 * The CDS Hooks service's side of the console in a real browser against the real server (demo
 * data): an EHR (an API client made by an administrator through the accounts API) is sent a card
 * and overrides it with a reason, and the dashboard's Alerts card counts it with that reason;
 * under Accounts an administrator makes an API client, sees its secret once, and revokes it.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and a whole console on two shared cores: generous time.
jest.setTimeout(240_000);

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

/** The newest notification showing `text` (notifications carry role="alert"). */
async function toast(text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

interface Card {
  uuid: string;
  summary: string;
  overrideReasons?: { code: string; system?: string; display?: string }[];
}

const bundle = (...resources: object[]) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: resources.map((resource) => ({ resource })),
});

/** An order-select call for paracetamol 1 g every 4 hours for 3 days: 6 g a day for an adult. */
function paracetamolOrder() {
  return {
    hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
    hook: 'order-select',
    context: {
      userId: 'Practitioner/example',
      patientId: 'example',
      selections: ['MedicationRequest/request-1'],
      draftOrders: bundle({
        resourceType: 'MedicationRequest',
        id: 'request-1',
        status: 'draft',
        intent: 'order',
        medicationCodeableConcept: {
          coding: [{ system: ATC, code: 'N02BE01', display: 'Paracetamol' }],
          text: 'Paracetamol',
        },
        subject: { reference: 'Patient/example' },
        dosageInstruction: [
          {
            timing: {
              repeat: {
                frequency: 1,
                period: 4,
                periodUnit: 'h',
                boundsDuration: {
                  value: 3,
                  unit: 'days',
                  system: 'http://unitsofmeasure.org',
                  code: 'd',
                },
              },
            },
            doseAndRate: [
              {
                doseQuantity: {
                  value: 1000,
                  unit: 'mg',
                  system: 'http://unitsofmeasure.org',
                  code: 'mg',
                },
              },
            ],
          },
        ],
      }),
    },
    prefetch: {
      patient: { resourceType: 'Patient', id: 'example', gender: 'male', birthDate: '1980-04-02' },
      weight: bundle({
        resourceType: 'Observation',
        status: 'final',
        code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
        effectiveDateTime: '2026-11-01',
        valueQuantity: { value: 72, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      }),
      egfr: null,
      pregnancy: null,
      conditions: bundle(),
      allergies: bundle(),
    },
  };
}

it("counts an EHR's overridden card, with its reason, on the dashboard's Alerts card", async () => {
  const made = await callApi<{ data: { secret: string } }>(server.baseUrl, '/api-clients', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'E2E Alerts EHR' }),
  });
  const secret = made.data.secret;
  const { cards } = await callApi<{ cards: Card[] }>(
    server.baseUrl,
    '/cds-services/medref-medication-safety',
    { method: 'POST', token: secret, body: JSON.stringify(paracetamolOrder()) },
  );
  const daily = cards.find((card) => card.summary.includes('daily maximum exceeded'));
  if (!daily?.overrideReasons?.[0])
    throw new Error(`no daily maximum card: ${JSON.stringify(cards)}`);
  const reason = daily.overrideReasons[0];
  await callApi(server.baseUrl, '/cds-services/medref-medication-safety/feedback', {
    method: 'POST',
    token: secret,
    body: JSON.stringify({
      feedback: [
        {
          card: daily.uuid,
          outcome: 'overridden',
          overrideReason: { reason, userComment: 'Short course, monitored' },
          outcomeTimestamp: new Date().toISOString(),
        },
      ],
    }),
  });

  await page.goto('/dashboard');
  const alerts = page.getByRole('region', { name: 'Alerts', exact: true });
  const table = alerts.getByRole('table');
  const row = table
    .getByRole('row')
    .filter({ hasText: `${reason.display} (1)` })
    .first();
  await row.waitFor();
  // Fired, Accepted, Overridden: the card was overridden once and accepted never.
  const cells = row.getByRole('cell');
  expect(Number(await cells.nth(1).textContent())).toBeGreaterThanOrEqual(1);
  expect(await cells.nth(2).textContent()).toBe('0');
  expect(await cells.nth(3).textContent()).toBe('1');
  expect(await cells.nth(4).textContent()).toBe(`${reason.display} (1)`);
});

it('an administrator makes an API client under Accounts, sees its secret once, and revokes it', async () => {
  await page.goto('/dashboard/accounts');
  const section = page.getByRole('region', { name: 'API clients', exact: true });
  await button(section, 'New API client').click();
  const dialog = page.getByRole('dialog', { name: 'New API client' });
  await dialog.getByLabel('Name').fill('E2E Ward EHR');
  await button(dialog, 'Create').click();
  const secretField = dialog.getByLabel('Secret');
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(20);
  await dialog
    .getByText('Copy this secret now: it is not shown again.', { exact: false })
    .waitFor();
  // The secret works as the EHR's bearer token.
  await callApi(server.baseUrl, '/cds-services', { token: secret });
  await button(dialog, 'Done').click();
  await dialog.waitFor({ state: 'detached' });
  // Shown once: nowhere on the page any more.
  expect(await page.getByText(secret).count()).toBe(0);

  const row = section.getByRole('row').filter({ hasText: 'E2E Ward EHR' });
  await row.getByText('Active', { exact: true }).waitFor();
  await button(row, 'Revoke').click();
  const confirm = page.getByRole('dialog', { name: 'Revoke E2E Ward EHR?' });
  await button(confirm, 'Revoke').click();
  await toast(/revoked/i);
  await row.getByText(/^Revoked /).waitFor();
  await expect(callApi(server.baseUrl, '/cds-services', { token: secret })).rejects.toThrow(
    /401|403/,
  );
});
