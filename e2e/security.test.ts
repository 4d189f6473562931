import type { Browser, BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  registerAdmin,
  signIn,
  signInThroughUi,
  startServer,
  type RunningServer,
} from './support/harness';
import { signedInPage } from './support/signedIn';
import { appUserToken, publishDraft } from './support/appUser';

/**
 * Security in headless Chromium against the real server and the built console: the Content-Security-Policy stops inline script, and markup typed into names shows as
 * text on every screen that shows those names, and in every picker that offers them (the Add
 * Medication, contraindication, lifestyle contraindication and interaction forms' selects, and the
 * safety check's searches). The API half is server/security.test.ts.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
let admin: { name: string; email: string; password: string };

// A browser, a server and a whole console on two shared cores: generous time.
jest.setTimeout(240_000);

/** What an attacker would type into a name: run as HTML, it raises an alert. */
const MARKUP = '<img src=x onerror=alert(1)>';
const DESCRIPTION = '<img src=x onerror=alert(2)> bleeding risk';

interface Created {
  condition: number;
  lifestyle: number;
  medication: number;
  warfarin: number;
}
let created: Created;

/** One of the demo's app users (role `user`): only their safety checks are searches. */
const APP_USER = { name: 'Olivia Bennett', email: 'olivia.bennett@example.com' };

const api = <T>(method: string, path: string, body?: object, as = token) =>
  callApi<T>(server.baseUrl, path, { method, token: as, body: body && JSON.stringify(body) });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // The administrator's own name is markup too: it shows in the top bar, the users list and
  // the recent searches.
  admin = await registerAdmin(server.baseUrl, MARKUP);
  token = await signIn(server.baseUrl, admin);

  type One = { data: { id: number } };
  const condition = (await api<One>('POST', '/condition', { name: MARKUP, description: MARKUP }))
    .data.id;
  const lifestyle = (await api<One>('POST', '/lifestyle', { name: MARKUP })).data.id;
  // Made last, so it is the newest medication (the dashboard's recent drugs); no pregnancy
  // category and no dosage, so the data-quality report names it.
  const medication = (
    await api<One>('POST', '/medication', {
      name: MARKUP,
      condition_id: condition,
      is_dosage_weight_based: false,
      contraindications: [condition],
    })
  ).data.id;
  await api('POST', '/lifestyle-contraindication', {
    medication_id: medication,
    lifestyle_id: lifestyle,
  });
  const { data: medications } = await api<{ data: { id: number; name: string }[] }>(
    'GET',
    '/medication',
  );
  const warfarin = medications.find((m) => m.name === 'Warfarin')?.id;
  if (!warfarin) throw new Error('the demo data has no Warfarin');
  await api('POST', '/drug-interaction', {
    medication_id: medication,
    interacting_medication_id: warfarin,
    severity: 'major',
    description: DESCRIPTION,
  });
  // An app user's safety check is a search: the medication shows in the recent searches and in
  // that user's search history.
  // App users read the latest release: the data above is published first.
  await publishDraft(server);
  const appToken = await appUserToken(server, APP_USER.email);
  await api('POST', '/safety-check', { medications: [{ medication_id: medication }] }, appToken);
  created = { condition, lifestyle, medication, warfarin };
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

declare global {
  interface Window {
    __inlineRan?: boolean;
    __handlerRan?: boolean;
    __violations?: { directive: string; blocked: string }[];
    __injected?: string[];
  }
}

/** Records every CSP violation the page reports, from the first moment of each document. */
function recordViolations(context: BrowserContext) {
  return context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations?.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__violations ?? []);

/**
 * Puts an inline <script> and an image with an inline onerror handler into the page, waits until
 * the image has failed (when its handler would have run) and a moment more for violation
 * reports, and answers whether each piece of inline code ran.
 */
function injectInlineCode(page: Page) {
  return page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.appendChild(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__handlerRan = true">';
    const image = holder.querySelector('img') as HTMLImageElement;
    const failed = new Promise((resolve) => image.addEventListener('error', resolve));
    document.body.appendChild(holder);
    await failed;
    await new Promise((resolve) => setTimeout(resolve, 250));
    return { inline: window.__inlineRan === true, handler: window.__handlerRan === true };
  });
}

/** Calls eval as a task of the page's own (not within the DevTools call, which may always eval). */
function evalInPage(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            resolve(String((0, eval)('"evaluated"')));
          } catch (error) {
            resolve(error instanceof EvalError ? 'EvalError' : String(error));
          }
        }),
      ),
  );
}

describe('the Content-Security-Policy served with the console', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, server.baseUrl));
    page.setDefaultTimeout(30_000);
    await recordViolations(context);
  });
  afterAll(() => context?.close());

  it('comes with every page of the console and allows scripts from the origin only', async () => {
    for (const path of ['/', '/login', '/dashboard/drugs/medications', '/reset-password?token=x']) {
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1];
      expect({ path, scriptSrc }).toEqual({ path, scriptSrc: "'self'" });
      expect(policy).toMatch(/(?:^|;)\s*object-src 'none'/);
      expect(policy).toMatch(/(?:^|;)\s*base-uri 'none'/);
    }
  });

  it('runs the injected code on a page of the same origin without the policy (the control)', async () => {
    const unprotected = await context.newPage();
    await unprotected.route('**/unprotected', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Plain</title>',
      }),
    );
    await unprotected.goto(`${server.baseUrl}/unprotected`);
    expect(await injectInlineCode(unprotected)).toEqual({ inline: true, handler: true });
    expect(await evalInPage(unprotected)).toBe('evaluated');
    await unprotected.close();
  });

  it('blocks an inline <script> and an inline event handler, reporting each as a violation', async () => {
    await signInThroughUi(page, admin);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The console itself runs under the policy without breaking it.
    expect(await violations(page)).toEqual([]);

    expect(await injectInlineCode(page)).toEqual({ inline: false, handler: false });
    const reported = await violations(page);
    expect(reported.map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
    expect(reported.map((v) => v.blocked)).toEqual(['inline', 'inline']);
    // Still the console, still signed in.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('refuses eval in the page', async () => {
    expect(await evalInPage(page)).toBe('EvalError');
  });
});

describe('markup in names shows as text', () => {
  let context: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    // The policy is bypassed here: it would stop an injected handler on its own, and this
    // test is about the console never turning a name into markup in the first place.
    ({ context, page } = await signedInPage(server, browser, admin, {
      contextOptions: { bypassCSP: true },
      prepare: async (opened, openedContext) => {
        await openedContext.addInitScript(() => {
          const seen: string[] = [];
          window.__injected = seen;
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.addedNodes) {
                if (!(node instanceof Element)) continue;
                const images = [
                  ...(node.matches('img[src="x"]') ? [node] : []),
                  ...node.querySelectorAll('img[src="x"]'),
                ];
                for (const image of images) seen.push(image.outerHTML);
              }
          }).observe(document, { childList: true, subtree: true });
        });
        opened.on('dialog', (dialog: Dialog) => {
          dialogs.push(`${dialog.type()}: ${dialog.message()}`);
          void dialog.dismiss();
        });
      },
    }));
  });
  afterAll(() => context?.close());
  // Each screen answers for its own dialogs.
  beforeEach(() => {
    dialogs.length = 0;
  });

  /** Waits until `scope` shows the markup as text, `times` times at least; then checks that
   * nothing became an element and no dialog opened. */
  async function showsAsText(scope: Locator, times = 1) {
    await scope.getByText(MARKUP).first().waitFor();
    const text = await scope.innerText();
    expect(text.split(MARKUP).length - 1).toBeGreaterThanOrEqual(times);
    await nothingInjected();
  }

  async function nothingInjected() {
    // Give an onerror the moment it would need.
    await page.waitForTimeout(200);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => window.__injected ?? [])).toEqual([]);
    expect(dialogs).toEqual([]);
  }

  const main = () => page.getByRole('main');
  const search = (label: string, term: string) =>
    page.getByRole('searchbox', { name: label }).fill(term);

  it('the top bar and the dashboard (recent drugs and recent searches)', async () => {
    await page.goto('/dashboard');
    await page.getByText(`Welcome, ${MARKUP}`, { exact: true }).waitFor();
    await showsAsText(page.getByRole('region', { name: 'Recent Drugs', exact: true }));
    // The app user's search names the drug.
    await showsAsText(page.getByRole('region', { name: 'Recent Searches', exact: true }));
  });

  it('the conditions list', async () => {
    await page.goto('/dashboard/drugs/conditions');
    await search('Search conditions', 'onerror');
    // Name and description.
    await showsAsText(page.getByRole('row').filter({ hasText: MARKUP }).first(), 2);
  });

  it('the medications list', async () => {
    await page.goto('/dashboard/drugs/medications');
    await search('Search medications by name', 'onerror');
    await showsAsText(page.getByRole('row').filter({ hasText: MARKUP }).first());
  });

  it('the medication detail page (name, condition, contraindications, lifestyle contraindications)', async () => {
    await page.goto(`/dashboard/drugs/medications/${created.medication}`);
    await page.getByRole('heading', { name: 'Medication Details' }).waitFor();
    await showsAsText(
      page.getByRole('region', { name: 'Contraindications', exact: true }).getByRole('grid'),
    );
    await showsAsText(
      page
        .getByRole('region', { name: 'Lifestyle Contraindications', exact: true })
        .getByRole('grid'),
    );
    // The subtitle, the name and condition rows, and the two tables.
    await showsAsText(main(), 5);
  });

  it('the lifestyles list', async () => {
    await page.goto('/dashboard/drugs/lifestyles');
    await search('Search lifestyles by name', 'onerror');
    await showsAsText(page.getByRole('row').filter({ hasText: MARKUP }).first());
  });

  it('the drug interactions list (the medication and the description)', async () => {
    await page.goto('/dashboard/drugs/interactions');
    await search('Search interactions', 'onerror');
    const row = page.getByRole('row').filter({ hasText: 'Warfarin' }).filter({ hasText: MARKUP });
    await showsAsText(row.first());
    await row.getByText(DESCRIPTION).first().waitFor();
    await nothingInjected();
  });

  it('the safety check (the chosen medication, condition and lifestyle, and every finding)', async () => {
    const { medication, warfarin, condition, lifestyle } = created;
    await page.goto(
      `/dashboard/safety-check?medications=${medication},${warfarin}&conditions=${condition}&lifestyles=${lifestyle}`,
    );
    // The condition contraindication makes it the worst verdict.
    await page
      .getByRole('status', { name: 'Verdict' })
      .getByText('Contraindicated', { exact: true })
      .waitFor();
    // The interaction (with its description), the condition and the lifestyle findings.
    const findings = page.getByRole('region');
    await findings.getByText(DESCRIPTION).first().waitFor();
    await showsAsText(main(), 4);
    // The medication's own section of rules applied, headed by its name.
    await showsAsText(page.getByRole('region', { name: MARKUP, exact: true }));
  });

  /**
   * A list popup (an MUI select's menu or an autocomplete's listbox) showing the markup as an
   * option, as text; chooses it.
   */
  async function picksAsText() {
    const option = page.getByRole('listbox').getByRole('option', { name: MARKUP });
    await option.waitFor();
    await showsAsText(option);
    await option.click();
  }

  it('the Add Medication pickers (condition, contraindicated conditions)', async () => {
    await page.goto('/dashboard/drugs/medications');
    await page.getByRole('button', { name: 'Add Medication', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add Medication' });
    await form.getByRole('spinbutton', { name: 'Minimum dosage' }).waitFor();
    const condition = form.getByRole('combobox', { name: 'Condition', exact: true });
    await condition.fill('onerror');
    await picksAsText();
    // The chosen one shows in the field as text.
    expect(await condition.inputValue()).toBe(MARKUP);
    await nothingInjected();

    await form.getByRole('combobox', { name: 'Contraindicated conditions' }).fill('onerror');
    await picksAsText();
    await form.getByText('1 condition(s) selected').waitFor();
    // The chosen condition's chip.
    await showsAsText(form.getByRole('list', { name: 'Selected contraindicated conditions' }));
  });

  it("the detail page's Add Contraindication and Add Lifestyle Contraindication pickers", async () => {
    // Warfarin's page: the markup condition and lifestyle are not yet linked to it.
    for (const [add, label] of [
      ['Add Contraindication', 'Condition'],
      ['Add Lifestyle Contraindication', 'Lifestyle'],
    ]) {
      await page.goto(`/dashboard/drugs/medications/${created.warfarin}`);
      await page.getByRole('heading', { name: 'Medication Details' }).waitFor();
      await page.getByRole('button', { name: add, exact: true }).click();
      const picker = page.getByRole('dialog', { name: add }).getByRole('combobox', { name: label });
      await picker.fill('onerror');
      await picksAsText();
      expect(await picker.inputValue()).toBe(MARKUP);
      await nothingInjected();
    }
  });

  it("the Add Interaction dialog's medication pickers", async () => {
    await page.goto('/dashboard/drugs/interactions');
    await page.getByRole('button', { name: 'Add Interaction', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Add Interaction' });
    const medication = form.getByRole('combobox', { name: /^Medication/ });
    await medication.fill('onerror');
    await picksAsText();
    // The chosen one shows in the field as text.
    expect(await medication.inputValue()).toBe(MARKUP);
    await nothingInjected();
    // The interacting medication's picker offers it too (greyed out: it is the medication).
    await form.getByRole('combobox', { name: /^Interacting Medication/ }).fill('onerror');
    await showsAsText(page.getByRole('listbox').getByRole('option', { name: MARKUP }));
  });

  it('the safety-check pickers (medications, allergies, conditions, lifestyles)', async () => {
    await page.goto('/dashboard/safety-check');
    await page.getByRole('heading', { level: 1, name: 'Safety Check' }).waitFor();
    const form = page.getByRole('form', { name: 'Prescription' });
    await form.getByRole('combobox', { name: 'Add a medication' }).fill('onerror');
    await picksAsText();
    // The chosen medication heads its row of dose, frequency and duration.
    await showsAsText(form.getByRole('list', { name: 'Prescribed medications' }));
    for (const label of ['Allergies', 'Conditions', 'Lifestyles']) {
      const input = form.getByRole('combobox', { name: label });
      await input.fill('onerror');
      await picksAsText();
      // The chosen one shows as a chip in the field, next to the input.
      await showsAsText(input.locator('xpath=..'));
    }
    // The check ran on the chosen medication, allergy, condition and lifestyle.
    await page
      .getByRole('status', { name: 'Verdict' })
      .getByText('Contraindicated', { exact: true })
      .waitFor();
    await nothingInjected();
  });

  it('the data-quality report', async () => {
    await page.goto('/dashboard/data-quality');
    await search('Search findings', 'onerror');
    await showsAsText(page.getByRole('row').filter({ hasText: MARKUP }).first());
  });

  it("the users list and an app user's search history", async () => {
    await page.goto('/dashboard/users');
    const searchUsers = page.getByRole('searchbox', { name: 'Search by name or email' });
    await searchUsers.fill(admin.email);
    await showsAsText(page.getByRole('row').filter({ hasText: admin.email }));
    await searchUsers.fill(APP_USER.email);
    const row = page.getByRole('row').filter({ hasText: APP_USER.email });
    await row.getByRole('button', { name: `View history of ${APP_USER.name}` }).click();
    const history = page.getByRole('dialog', { name: `Search History: ${APP_USER.name}` });
    await showsAsText(history.getByRole('grid', { name: 'Search history' }));
  });
});
