// Worker threads do not inherit the main thread's TypeScript loader: register tsx here, then
// load the worker itself (import-reader-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./import-reader-worker.ts');
