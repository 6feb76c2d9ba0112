// Worker threads do not inherit the main thread's TypeScript loader: register tsx here, then
// load the worker itself (pglite-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
