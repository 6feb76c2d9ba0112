import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { DatabaseAvailability, probeDelay } from './availability';

/** What pg and the network throw when the database goes away, and what they throw when it is there. */
const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const ended = new Error('Connection terminated unexpectedly');
const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: refused });
const uniqueViolation = Object.assign(new Error('duplicate key value'), { code: '23505' });
const badText = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

describe('isDatabaseUnavailable', () => {
  it('is true for a terminated backend, a refused or reset connection, a connection that ended, and one wrapped by drizzle', () => {
    for (const error of [terminated, refused, ended, wrapped, Object.assign(new Error('x'), { code: '08006' }), Object.assign(new Error('x'), { code: 'ECONNRESET' }), new Error('timeout exceeded when trying to connect')]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
  });

  it('is false for faults of the statement or the data, and for what is not an error', () => {
    for (const error of [uniqueViolation, badText, new Error('boom'), null, undefined, 'ECONNREFUSED', 42]) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('DatabaseAvailability', () => {
  const logOf = () => {
    const lines: { level: 'warn' | 'info'; message: string; details: object }[] = [];
    return { lines, log: { warn: (details: object, message: string) => lines.push({ level: 'warn', message, details }), info: (details: object, message: string) => lines.push({ level: 'info', message, details }) } };
  };

  it('probes 250 ms doubling to at most 2 s', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map(probeDelay)).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000]);
  });

  it('logs an outage once however many parts meet it, probes until the database answers, then logs its end once', async () => {
    const { lines, log } = logOf();
    let answers = false;
    let pings = 0;
    const availability = new DatabaseAvailability({ ping: async () => (pings++, answers), log });
    try {
      expect(availability.up).toBe(true);
      // A fault of the data is not an outage.
      expect(availability.failed(uniqueViolation)).toBe(false);
      expect(availability.up).toBe(true);
      for (const error of [terminated, refused, ended, wrapped]) expect(availability.failed(error)).toBe(true);
      availability.unreachable(new Error('readiness ping failed'));
      expect(availability.up).toBe(false);
      expect(lines.map((l) => [l.level, l.message.split(':')[0]])).toEqual([['warn', 'database unreachable']]);
      // Probes at 250, 750, 1750 ms… all unanswered.
      await new Promise((r) => setTimeout(r, 900));
      expect(pings).toBe(2);
      expect(availability.up).toBe(false);
      answers = true;
      await expect.poll(() => availability.up, { timeout: 3000, interval: 20 }).toBe(true);
      expect(lines.map((l) => [l.level, l.message.split(':')[0]])).toEqual([['warn', 'database unreachable'], ['info', 'database reachable again']]);
      expect((lines[1]!.details as { outageSeconds: number }).outageSeconds).toBeGreaterThanOrEqual(1);
      // A second outage is a new one: logged again.
      availability.failed(refused);
      expect(lines).toHaveLength(3);
    } finally {
      availability.stop();
    }
  });
});
