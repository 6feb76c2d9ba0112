import { describe, expect, it } from 'vitest';
import { TickBatcher } from './tick-batcher';

describe('TickBatcher', () => {
  it('answers the keys of one turn of the event loop with one call, each its own value', async () => {
    const calls: number[][] = [];
    const batcher = new TickBatcher<number, string>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, `v${k}`]));
    }, 'none');
    const answers = await Promise.all([batcher.load(1), batcher.load(2), batcher.load(1), batcher.load(3)]);
    expect(answers).toEqual(['v1', 'v2', 'v1', 'none']);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await batcher.load(4)).toBe('v4');
    expect(calls).toHaveLength(2);
  });

  it('refuses every key of a failed call, and the next turn calls again', async () => {
    let fail = true;
    const batcher = new TickBatcher<number, number>(async (keys) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((k) => [k, k * 2]));
    }, 0);
    await expect(Promise.all([batcher.load(1), batcher.load(2)])).rejects.toThrow('down');
    fail = false;
    expect(await batcher.load(2)).toBe(4);
  });
});
