import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const state = globalThis.__medrefDatabase;
  if (!state) return;
  globalThis.__medrefDatabase = undefined; // the api and system projects share it: stop it once
  await state.database.stop();
  rmSync(state.dir, { recursive: true, force: true });
}
