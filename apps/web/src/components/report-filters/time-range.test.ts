import { describe, expect, it } from 'vitest';
import { withRange } from './time-range';

describe('withRange', () => {
  it('keeps a picked pair as the endpoint’s [from, to) instants, other filters untouched', () => {
    const ranged = withRange({ from: undefined, to: undefined, stationId: 7 }, [new Date('2026-11-20T00:00:00Z'), new Date('2026-11-22T00:00:00Z')]);
    expect(ranged).toEqual({ from: '2026-11-20T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z', stationId: 7 });
  });

  it('clears both ends when the picker is cleared', () => {
    expect(withRange({ from: '2026-11-20T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z', stationId: 7 }, null)).toEqual({ from: undefined, to: undefined, stationId: 7 });
  });
});
