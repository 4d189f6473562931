// `npm start`: build the console when needed, then run the server (embedded PostgreSQL unless
// DATABASE_URL is set, migrations, seed, the API and the built console on PORT).
import { spawn } from 'node:child_process';
import { ensureConsoleBuilt } from './console-build.mjs';

try {
  ensureConsoleBuilt();
} catch (error) {
  console.error(`[medref] ${error.message}`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
