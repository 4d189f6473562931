// End-to-end tests run against the built console: build it once per run when it is stale.
import { ensureConsoleBuilt } from '../../scripts/console-build.mjs';

export default async function globalSetup() {
  ensureConsoleBuilt();
}
