import { afterAll } from 'vitest';
import { releaseWorkerServer, startWorkerServer } from './browser';

// Before each browser test file: a server of its own for as long as it runs (e2e/global-setup.ts),
// given back when it ends for a later file.
await startWorkerServer();
afterAll(releaseWorkerServer);
