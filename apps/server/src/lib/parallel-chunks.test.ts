import { describe, expect, it } from 'vitest';
import { inParallelChunks } from './parallel-chunks';

describe('inParallelChunks', () => {
  it('runs a short list as one part, a long one as contiguous parts at once, answers in the items’ order', async () => {
    const calls: { chunk: readonly number[]; offset: number }[] = [];
    let running = 0;
    let most = 0;
    const run = async (chunk: readonly number[], offset: number) => {
      calls.push({ chunk, offset });
      running++;
      most = Math.max(most, running);
      // The later parts answer first: the join must still keep the items' order.
      await new Promise((resolve) => setTimeout(resolve, 20 - offset));
      running--;
      return chunk.map((n, i) => `${offset + i}:${n}`);
    };
    const items = Array.from({ length: 10 }, (_, i) => i * 10);
    expect(await inParallelChunks(items, run, { parallel: 4, minItems: 10 })).toEqual(items.map((n, i) => `${i}:${n}`));
    expect(calls).toEqual([{ chunk: items, offset: 0 }]);
    calls.length = 0;
    expect(await inParallelChunks(items, run, { parallel: 4, minItems: 5 })).toEqual(items.map((n, i) => `${i}:${n}`));
    expect(calls.map((c) => [c.offset, c.chunk.length])).toEqual([
      [0, 3],
      [3, 3],
      [6, 3],
      [9, 1],
    ]);
    expect(most).toBe(4);
  });
});
