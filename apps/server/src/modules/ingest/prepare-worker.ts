import { parentPort } from 'node:worker_threads';
import type { Language } from '@ullage/domain/languages';
import type { IngestStation } from './device-stations';
import { prepareBatch } from './prepare';
import { READING_ARRAYS } from './reading-columns';

/** A thread of the Preparer (prepare-pool.ts): prepares the batches it is sent, one at a time. */
parentPort?.on('message', (message: { id: number; body: unknown; station: IngestStation; nowMs: number; language: Language }) => {
  try {
    const prepared = prepareBatch(message.body, message.station, message.nowMs, message.language);
    // The typed arrays move to the main thread rather than being copied (they share one buffer).
    const moved = [...new Set(READING_ARRAYS.map((k) => prepared.readings[k].buffer as ArrayBuffer))];
    parentPort!.postMessage({ id: message.id, prepared }, moved);
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
