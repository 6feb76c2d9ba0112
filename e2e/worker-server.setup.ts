import { startWorkerServer } from './browser';

// Before each browser test file: this worker's server, started by the run's first file on the
// worker (e2e/global-setup.ts) and shared by its later files.
await startWorkerServer();
