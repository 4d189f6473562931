import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const state = globalThis.__medrefE2eDatabase;
  if (!state) return;
  await state.database.stop();
  rmSync(state.dir, { recursive: true, force: true });
}
