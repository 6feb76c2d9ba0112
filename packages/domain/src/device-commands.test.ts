import { describe, expect, it } from 'vitest';
import {
  COMMAND_STATES,
  clockProblems,
  commandDeadline,
  deviceClockNow,
  deviceTakesCommands,
  isCommandEnded,
  nextCommandState,
  tiltProblems,
  type CommandEvent,
  type CommandState,
} from './device-commands';

describe('nextCommandState (spec §4: device upgrade and parameter commands — issuing, success, cancelled; issue 7 adds failed)', () => {
  const events: [string, CommandEvent][] = [
    ['device acknowledges', { type: 'acknowledged' }],
    ['device refuses', { type: 'refused' }],
    ['user cancels', { type: 'cancelled', by: 'user' }],
    ['times out', { type: 'cancelled', by: 'timeout' }],
    ['device reports progress', { type: 'progress' }],
  ];
  const expected: Record<string, CommandState> = {
    'device acknowledges': 'success',
    'device refuses': 'failed',
    'user cancels': 'cancelled',
    'times out': 'cancelled',
    'device reports progress': 'issuing',
  };
  for (const [name, event] of events) {
    it(`issuing → ${expected[name]} when the ${name}`, () => {
      expect(nextCommandState('issuing', event)).toBe(expected[name]);
    });
  }

  it('an ended command never moves again (a late answer after a cancel is ignored)', () => {
    for (const state of COMMAND_STATES.filter((s) => s !== 'issuing')) {
      for (const [, event] of events) expect(nextCommandState(state, event)).toBeNull();
      expect(isCommandEnded(state)).toBe(true);
    }
    expect(isCommandEnded('issuing')).toBe(false);
  });

  it('a parameter command is given up on after 10 minutes, an upgrade after 30', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(commandDeadline('thresholds', at).toISOString()).toBe('2026-01-01T00:10:00.000Z');
    expect(commandDeadline('firmware', at).toISOString()).toBe('2026-01-01T00:30:00.000Z');
  });

  it('a Veeder-Root TLS console is polled and takes no commands', () => {
    expect(deviceTakesCommands('ullage-collector')).toBe(true);
    expect(deviceTakesCommands(null)).toBe(true);
    expect(deviceTakesCommands('veeder-root-tls')).toBe(false);
  });
});

describe('tiltProblems (tab "tank tilt": tilt and its correction)', () => {
  it.each([
    [{ tiltDeg: 0, probeOffsetMm: 0 }, []],
    [{ tiltDeg: -1.25, probeOffsetMm: 3200.5 }, []],
    [{ tiltDeg: 10, probeOffsetMm: -50_000 }, []],
    [{ tiltDeg: 10.5, probeOffsetMm: 0 }, ['tiltDeg:range']],
    [{ tiltDeg: 1.125, probeOffsetMm: 0 }, ['tiltDeg:decimals']],
    [{ tiltDeg: 0, probeOffsetMm: 100.25 }, ['probeOffsetMm:decimals']],
    [{ tiltDeg: Number.NaN, probeOffsetMm: 60_000 }, ['tiltDeg:range', 'probeOffsetMm:range']],
  ])('%j → %j', (input, expected) => {
    expect(tiltProblems(input).map((p) => `${p.field}:${p.rule}`)).toEqual(expected);
  });
});

describe('device clock (tab "time setup")', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('a clock may be set within a year of the server time', () => {
    expect(clockProblems(new Date('2026-06-01T13:30:00Z'), now)).toEqual([]);
    expect(clockProblems(new Date('2028-06-01T12:00:00Z'), now)).toEqual([{ field: 'time', rule: 'range' }]);
    expect(clockProblems(new Date('nonsense'), now)).toEqual([{ field: 'time', rule: 'range' }]);
  });
  it('reads the device clock from the skew of its last report', () => {
    expect(deviceClockNow(now, 90)?.toISOString()).toBe('2026-06-01T12:01:30.000Z');
    expect(deviceClockNow(now, -3600)?.toISOString()).toBe('2026-06-01T11:00:00.000Z');
    expect(deviceClockNow(now, null)).toBeNull();
  });
});
