// Worker threads do not inherit the main thread's TypeScript loader: register tsx here, then
// load the worker itself (prepare-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./prepare-worker.ts');
