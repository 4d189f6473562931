import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ command, mode }) => {
  // A production build stays one when the calling shell says NODE_ENV=test (Jest's end-to-end
  // setup builds the console): otherwise React's development code and JSX ship, far larger.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [react()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: {
      port: 5173,
      proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    },
    build: {
      outDir: 'dist',
      sourcemap: false,
    },
  };
});
