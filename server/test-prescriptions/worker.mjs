// The worker thread's entry (see ./workers.ts): it loads ./worker.ts through tsx's API, as the
// server's own TypeScript loads through `node --import tsx`. Node 20 does not apply loader hooks
// given in a worker's execArgv to its entry point, so the entry is plain JavaScript.
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
