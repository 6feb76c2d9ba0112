import { describe, expect, it } from 'vitest';
import { parseAck } from './mqtt';
import { SendError } from './types';

const result = { batchId: 'r1-7', accepted: 3, duplicates: 0, refused: [], serverTime: '2025-01-01T00:00:00.000Z', clockSkewSeconds: null, clockFlagged: false };
const ack = (x: unknown) => parseAck(Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)));

describe('parseAck', () => {
  it('reads the envelope the server publishes, or a bare result', () => {
    expect(ack({ code: 1000, data: result })).toEqual(result);
    expect(ack(result)).toEqual(result);
  });

  it('retries a refused device key but not a refused batch or a garbled answer', () => {
    expect(ack({ code: 30001, msg: 'device key refused' })).toMatchObject({ retry: true, message: expect.stringContaining('device key refused') });
    expect(ack({ code: 91011, msg: 'readings: too many' })).toMatchObject({ retry: false });
    expect(ack('not json')).toBeInstanceOf(SendError);
    expect(ack({ code: 1000, data: { accepted: 'all' } })).toMatchObject({ retry: false });
  });
});
