import { afterAll } from 'vitest';
import { releaseWorkerServer, startWorkerServer } from './browser';
import { forgetDeviceKeys } from './device';

// Before each browser test file: a server of its own for as long as it runs (e2e/global-setup.ts),
// given back when it ends for a later file. What a file cached about its server (sessions, device
// keys) goes with it: modules outlive files on a worker, and other files change both meanwhile.
await startWorkerServer();
afterAll(async () => {
  forgetDeviceKeys();
  await releaseWorkerServer();
});
