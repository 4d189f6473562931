/**
 * `src/api/generated.ts` is build output of `npm run api:generate`; this fails when it no longer
 * matches `api/openapi.yaml` (or the codegen settings), i.e. when someone forgot to regenerate.
 *
 * The generator runs in a child Node process: it and Prettier load modules with dynamic `import()`,
 * which Jest's module sandbox does not allow, and its schema loader takes jsdom for a browser.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(__dirname, '..', '..');

/** Runs codegen with api/codegen.config.cjs's options into `outputFile`, then Prettier as the script does. */
const GENERATE = `
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import * as prettier from 'prettier';

const [configPath, outputFile, generatedPath] = process.argv.slice(1);
const { default: config } = await import(configPath);
const configDir = dirname(configPath);
// The import of the empty API is written relative to the output file: put a stand-in beside the
// temporary output so it reads './emptyApi', as in the real file.
const apiFile = './' + relative(process.cwd(), join(dirname(outputFile), 'emptyApi.ts'));
await generateEndpoints({ ...config, schemaFile: resolve(configDir, config.schemaFile), apiFile, outputFile });
const options = (await prettier.resolveConfig(generatedPath)) ?? {};
const text = await prettier.format(readFileSync(outputFile, 'utf8'), { ...options, filepath: generatedPath });
writeFileSync(outputFile, text);
`;

it('src/api/generated.ts is what `npm run api:generate` makes from api/openapi.yaml', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'medref-codegen-'));
  const outputFile = join(outDir, 'generated.ts');
  const generatedPath = join(root, 'src', 'api', 'generated.ts');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        GENERATE,
        join(root, 'api', 'codegen.config.cjs'),
        outputFile,
        generatedPath,
      ],
      // The CLI works from the config file's folder (Prettier's first pass finds its settings from there).
      { cwd: join(root, 'api') },
    );
    const message = 'src/api/generated.ts is stale: run `npm run api:generate`';
    expect({ message, text: readFileSync(generatedPath, 'utf8') }).toEqual({
      message,
      text: readFileSync(outputFile, 'utf8'),
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}, 60_000);
