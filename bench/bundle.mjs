#!/usr/bin/env node
// `npm run bench:bundle`: builds the console into a temporary folder with a Vite
// manifest and prints, for each route, the JavaScript a browser loads to show it, raw and gzipped:
// the entry chunk and its static imports, the signed-in shell (sidebar and top bar, its own chunk)
// for /dashboard routes, and the route's page chunk with its static imports. Chunks a page loads
// later by itself (a chart, a schema) are listed on their own lines, counted with their page.
// Targets: /login at most 200 kB gzip; no page over 400 kB gzip; the DataGrid and the charts never
// in what the entry loads. Exits 1 when a target is missed. kB are 1000 bytes, as Vite prints them.
// `node bench/bundle.mjs /login` also lists the chunks that route loads, largest first.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const LOGIN_LIMIT = 200_000;
const PAGE_LIMIT = 400_000;
/**
 * Text only the heavy libraries' code contains: one of the DataGrid's own class names (the theme,
 * in the entry, names the grid's root to style it: `MuiDataGrid` alone is no sign of its code),
 * and the charts' class prefix.
 */
const HEAVY = { DataGrid: 'virtualScrollerRenderZone', charts: 'MuiChartsAxis' };
const SHELL = 'src/components/layout/DashboardLayout.tsx';
const DETAIL_ROUTE = process.argv[2];

/**
 * Route paths by page file, read from the console's route table (src/app/routes.ts): each entry's
 * `path: '...'` and the first `import('@/...')` after it, its page.
 */
function routesByPage() {
  const source = readFileSync(join(root, 'src', 'app', 'routes.ts'), 'utf8');
  const routes = new Map(); // src file -> route paths
  for (const m of source.matchAll(/path: '([^']+)',[^]*?import\('@\/([^']+)'\)/g)) {
    const file = `src/${m[2]}.tsx`;
    routes.set(file, [...(routes.get(file) ?? []), m[1]]);
  }
  return { routes };
}

const outDir = mkdtempSync(join(tmpdir(), 'medref-bundle-'));
try {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const sizes = new Map();
  const size = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(outDir, file));
      sizes.set(file, {
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        text: bytes.toString('utf8'),
      });
    }
    return sizes.get(file);
  };
  /** A chunk's file and the files of everything it imports statically, recursively. */
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const total = (files) =>
    [...files].reduce(
      (sum, file) => ({ raw: sum.raw + size(file).raw, gzip: sum.gzip + size(file).gzip }),
      { raw: 0, gzip: 0 },
    );

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryFiles = closure(entryKey);
  const { routes } = routesByPage();
  const rows = [];
  const problems = [];

  const entryTotal = total(entryFiles);
  for (const [name, marker] of Object.entries(HEAVY)) {
    if ([...entryFiles].some((file) => size(file).text.includes(marker))) {
      problems.push(`the ${name} code is in what the entry loads`);
    }
  }

  const pageKeys = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && key.startsWith('src/features/'),
  );
  const later = [];
  for (const key of pageKeys.sort()) {
    if (!routes.has(key)) {
      later.push(key);
      continue;
    }
    const paths = routes.get(key);
    const base = new Set(entryFiles);
    if (paths.some((path) => path.startsWith('/dashboard'))) closure(SHELL, base);
    const files = closure(key, base);
    const sum = total(files);
    const heavy = Object.entries(HEAVY)
      .filter(([, marker]) => [...files].some((file) => size(file).text.includes(marker)))
      .map(([name]) => name);
    for (const route of paths) {
      const limit = route === '/login' ? LOGIN_LIMIT : PAGE_LIMIT;
      const ok = sum.gzip <= limit;
      if (!ok) {
        problems.push(
          `${route} needs ${(sum.gzip / 1000).toFixed(1)} kB gzip (limit ${limit / 1000} kB)`,
        );
      }
      rows.push({ route, chunks: files.size, ...sum, heavy: heavy.join(', '), ok, limit });
      if (route === DETAIL_ROUTE) {
        console.log(`\nChunks ${route} loads (gzip kB):`);
        for (const file of [...files].sort((a, b) => size(b).gzip - size(a).gzip)) {
          console.log(`  ${(size(file).gzip / 1000).toFixed(1).padStart(7)}  ${file}`);
        }
      }
    }
  }
  rows.sort((a, b) => a.route.localeCompare(b.route));

  const kb = (n) => (n / 1000).toFixed(1).padStart(8);
  console.log(
    `\nJavaScript per route (entry ${kb(entryTotal.raw).trim()} kB raw, ${kb(entryTotal.gzip).trim()} kB gzip, ${entryFiles.size} chunks)\n`,
  );
  const width = Math.max(...rows.map((row) => row.route.length), 5);
  console.log(`${'route'.padEnd(width)}  chunks    raw kB   gzip kB  limit  heavy libraries`);
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(width)}  ${String(row.chunks).padStart(6)}  ${kb(row.raw)}  ${kb(row.gzip)}  ${row.ok ? ' ok ' : 'OVER'}   ${row.heavy || '-'}`,
    );
  }
  if (later.length) {
    console.log(
      '\nLoaded by a page after it shows (not counted above; kB beyond what the page loaded):',
    );
    for (const key of later) {
      // What the importing page (or chunk) and the shell have loaded already costs nothing more.
      const loaded = closure(SHELL, new Set(entryFiles));
      for (const [importer, chunk] of Object.entries(manifest)) {
        if ((chunk.dynamicImports ?? []).includes(key)) closure(importer, loaded);
      }
      const extra = [...closure(key)].filter((file) => !loaded.has(file));
      const sum = total(extra);
      console.log(`  ${key.padEnd(width)}  ${kb(sum.raw)}  ${kb(sum.gzip)}`);
    }
  }
  // npm run bench's summary (bench/summary.ts does the same for the TypeScript benchmarks).
  if (process.env.BENCH_SUMMARY) {
    const login = rows.find((row) => row.route === '/login');
    const largest = rows.reduce((max, row) => (row.gzip > max.gzip ? row : max));
    const summary = [
      { measure: 'JavaScript to show /login (gzip)', row: login },
      { measure: `largest page: ${largest.route} (gzip)`, row: largest },
    ].map(({ measure, row }) => ({
      bench: 'bundle',
      measure,
      value: `${(row.gzip / 1000).toFixed(1)} kB`,
      target: `<= ${row.limit / 1000} kB`,
      met: row.ok,
    }));
    for (const line of summary)
      appendFileSync(process.env.BENCH_SUMMARY, `${JSON.stringify(line)}\n`);
  }
  if (problems.length) {
    console.log(`\nTargets missed:\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nAll targets met: /login <= ${LOGIN_LIMIT / 1000} kB gzip, every page <= ${PAGE_LIMIT / 1000} kB gzip, no DataGrid or charts in the entry.`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
