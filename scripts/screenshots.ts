/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  grantRole,
  launchBrowser,
  newPage,
  register,
  signInThroughUi,
  startServer,
} from '../e2e/support/harness';
import { ensureConsoleBuilt } from '../bench/support/consoleBuild';

/**
 * `npm run screenshots` (`node --import tsx scripts/screenshots.ts`): the README's pictures. The
 * real server (embedded PostgreSQL on a temporary DATA_DIR, demo data) and the built console in
 * headless Chromium at 1440x900; an account registers, the server's first administrator (made by
 * startServer) makes it an administrator, and it signs in through the login screen.
 * Then, in the light and the dark theme, it saves docs/screenshots/<screen>-<theme>.png for the
 * dashboard, the medications list, Warfarin's detail page (with its dosages), the drug
 * interactions, and the safety check of Warfarin with Ibuprofen (a known major interaction).
 */
const OUT_DIR = 'docs/screenshots';
const VIEWPORT = { width: 1440, height: 900 };
const ADMIN = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct-horse-battery' };
/** Where MUI keeps the chosen theme (src/app/theme.ts). */
const THEME_MODE_STORAGE_KEY = 'medref-theme-mode';
const THEMES = ['light', 'dark'] as const;

/** Waits until no transition or animation runs (fades, the grid's progress bar, ripples). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

async function gridShows(page: Page, name: string) {
  await page.getByRole('gridcell', { name, exact: true }).first().waitFor();
  await page.locator('.MuiDataGrid-overlay').waitFor({ state: 'detached' });
}

async function main() {
  ensureConsoleBuilt();
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const browser = await launchBrowser();
  try {
    const { id } = await register(server.baseUrl, ADMIN);
    await grantRole(server.baseUrl, id, 'admin');
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const medications = await fetch(`${server.baseUrl}/api/v1/medication`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await medications.json()) as { data: { id: number; name: string }[] };
    const idOf = (name: string) => {
      const found = data.find((medication) => medication.name === name);
      if (!found) throw new Error(`the demo data has no ${name}`);
      return found.id;
    };
    const warfarin = idOf('Warfarin');
    const ibuprofen = idOf('Ibuprofen');

    const { context, page } = await newPage(browser, server.baseUrl, VIEWPORT);
    page.setDefaultTimeout(30_000);
    await signInThroughUi(page, ADMIN);

    const screens: { name: string; path: string; ready: () => Promise<void> }[] = [
      {
        name: 'dashboard',
        path: '/dashboard',
        ready: async () => {
          await heading(page, 'Dashboard');
          for (const region of ['Total Drugs', 'Recent Drugs', 'Recent Searches'])
            await page
              .getByRole('region', { name: region, exact: true })
              .and(page.locator('[aria-busy="false"]'))
              .waitFor();
          await page.locator('main svg').first().waitFor();
        },
      },
      {
        name: 'medications',
        path: '/dashboard/drugs/medications',
        ready: async () => {
          await heading(page, 'Medications Management');
          await gridShows(page, 'Acyclovir');
        },
      },
      {
        name: 'medication-detail',
        path: `/dashboard/drugs/medications/${warfarin}`,
        ready: async () => {
          await heading(page, 'Medication Details');
          await page
            .getByRole('grid', { name: 'Age-based Dosages' })
            .getByText('Adult')
            .first()
            .waitFor();
        },
      },
      {
        name: 'interactions',
        path: '/dashboard/drugs/interactions',
        ready: async () => {
          await heading(page, 'Drug Interactions');
          await gridShows(page, 'Fluconazole');
        },
      },
      {
        name: 'safety-check',
        // Warfarin 5 mg a day for 3 months, age 30, with Ibuprofen: Major, Warfarin's adult rule
        // compared, and, in amber, what could not be checked (no weight or dose for Ibuprofen).
        path:
          `/dashboard/safety-check?medications=${warfarin},${ibuprofen}&dose_${warfarin}=5` +
          `&dose_unit_${warfarin}=mg&frequency_${warfarin}=1&frequency_unit_${warfarin}=days` +
          `&duration_${warfarin}=3&duration_unit_${warfarin}=months&age=30&age_unit=years`,
        ready: async () => {
          await heading(page, 'Safety Check');
          const verdict = page.getByRole('status', { name: 'Verdict' });
          await verdict.getByText('Major', { exact: true }).waitFor();
          await verdict.getByText(/could not be checked$/).waitFor();
          await page.getByRole('grid', { name: 'Rules applied to Warfarin' }).waitFor();
        },
      },
    ];

    for (const theme of THEMES) {
      await page.evaluate(
        ([key, mode]) => localStorage.setItem(key, mode),
        [THEME_MODE_STORAGE_KEY, theme],
      );
      for (const screen of screens) {
        await page.goto(screen.path);
        await screen.ready();
        const shown = await page.evaluate(() => document.documentElement.className);
        if (!shown.includes(theme)) throw new Error(`${screen.path} is not in the ${theme} theme`);
        // No hover effect or focus ring on what the pointer or the sign-in left behind.
        await page.mouse.move(VIEWPORT.width - 1, VIEWPORT.height - 1);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await settled(page);
        const file = join(OUT_DIR, `${screen.name}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(`saved ${file}`);
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
