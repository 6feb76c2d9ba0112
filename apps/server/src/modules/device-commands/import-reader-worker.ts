import { parentPort } from 'node:worker_threads';
import { ValidationError } from '../../plugins/errors';
import { gridOf, type IMPORT_TYPES } from './strapping-file';

/** Import files read on their own thread (import-reader.ts): each answered with its grid or its refusal's fields. */
parentPort!.on('message', (job: { id: number; bytes: Uint8Array; type: (typeof IMPORT_TYPES)[number] }) => {
  gridOf(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength), job.type).then(
    (grid) => parentPort!.postMessage({ id: job.id, grid }),
    (error: unknown) => {
      if (error instanceof ValidationError) parentPort!.postMessage({ id: job.id, fields: error.fields });
      else parentPort!.postMessage({ id: job.id, error: String((error as Error)?.message ?? error) });
    },
  );
});
