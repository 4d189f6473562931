import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz beside every built script and style sheet, which the server sends to a
 * browser that accepts them (@fastify/static `preCompressed`): compressed once at build time, at
 * the best ratio, rather than on every request.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'medref-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const file = join(assets, name);
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A production build stays one when the calling shell says NODE_ENV=test (Jest's end-to-end
  // setup builds the console): otherwise React's development code and JSX ship, far larger.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), precompressAssets()],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        '@contract': fileURLToPath(new URL('./api/generated', import.meta.url)),
      },
    },
    server: {
      port: 5173,
      proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
      modulePreload: {
        // index.html preloads the entry's imports (else they load only once the entry has, a
        // round trip later), and route pages their chunks' imports, in parallel; the things a
        // page loads later (dialogs, pickers) list none: each list is bytes in the page's own
        // budget.
        resolveDependencies: (_file, deps, { hostId, hostType }) =>
          hostType === 'html' || /\/index-[\w-]+\.js$/.test(hostId) ? deps : [],
      },
    },
  };
});
