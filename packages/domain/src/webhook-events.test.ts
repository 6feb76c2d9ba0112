import { describe, expect, it } from 'vitest';
import { alarmCodeName, alarmEventTypes, inCompanyUnits, webhookPayload, WEBHOOK_EVENT_TYPES } from './webhook-events';

describe('events an alarm makes (issue 38)', () => {
  it.each([
    ['opened', 'level', 10, ['alarm.opened']],
    ['opened', 'leak', 8, ['alarm.opened']],
    ['opened', 'level', 60, ['alarm.opened', 'leak_test.failed']],
    ['ended', 'level', 60, ['alarm.ended', 'leak_test.passed']],
    ['processed', 'level', 60, ['alarm.processed']],
    ['opened', 'level', 61, ['alarm.opened', 'variance.alarm']],
    ['ended', 'level', 61, ['alarm.ended']],
    ['opened', 'level', 62, ['alarm.opened', 'forecast.runout_alarm']],
    // A leak sensor's code 60 is not the leak test's.
    ['opened', 'leak', 60, ['alarm.opened']],
  ] as const)('%s %s alarm %i → %o', (phase, kind, code, types) => {
    expect(alarmEventTypes(phase, kind, code)).toEqual(types);
    for (const t of types) expect(WEBHOOK_EVENT_TYPES).toContain(t);
  });

  it('names codes in English for receivers', () => {
    expect(alarmCodeName('level', 13)).toBe('low alarm');
    expect(alarmCodeName('leak', 8)).toBe('leak alarm');
    expect(alarmCodeName('level', 999)).toBeNull();
  });
});

describe('payload units', () => {
  it.each([
    [{ volumeL: 3785.411784, temperatureC: 20 }, { volumeUnit: 2, tempUnit: 2 }, { volume: 1000, temperature: 68 }],
    [{ volumeL: 1000.12345, temperatureC: 15.555 }, { volumeUnit: 1, tempUnit: 1 }, { volume: 1000.123, temperature: 15.56 }],
    [{ volumeL: null, ticketVolumeL: 100 }, {}, { volume: null, ticketVolume: 100 }],
    [{ readings: [{ volumeL: 37.85411784 }] }, { volumeUnit: 2 }, { readings: [{ volume: 10 }] }],
    // Only numbers are converted: text that happens to end in L or C stays.
    [{ label: 'ABC', codeC: 'x', kind: 'level' }, { tempUnit: 2 }, { label: 'ABC', codeC: 'x', kind: 'level' }],
  ])('%o in %o reads %o', (data, units, expected) => {
    expect(inCompanyUnits(data, units)).toEqual(expected);
  });
});

describe('payload shape (version 1)', () => {
  it('names the station, its zone, the units and the tank; the id is the event uid', () => {
    const payload = webhookPayload({
      uid: '6f1c0e56-4f3c-4d55-9e8b-2b9a3f0d1a11',
      type: 'delivery.recorded',
      occurredAt: '2026-11-30T10:00:00.000Z',
      data: { deliveryId: 7, tankId: 3, startedAt: '2026-11-30T09:40:00.000Z', endedAt: '2026-11-30T10:00:00.000Z', volumeL: 37854.11784 },
      context: { stationId: 5, stationCode: 'TX-01', stationName: 'Austin North', stationZone: 'America/Chicago', tankCode: 'T1', volumeUnit: 2, tempUnit: 2 },
    });
    expect(payload).toEqual({
      type: 'delivery.recorded',
      version: 1,
      id: '6f1c0e56-4f3c-4d55-9e8b-2b9a3f0d1a11',
      timestamp: '2026-11-30T10:00:00.000Z',
      data: {
        station: { id: 5, code: 'TX-01', name: 'Austin North' },
        stationZone: 'America/Chicago',
        units: { volume: 'gal', temperature: '°F' },
        deliveryId: 7,
        tankId: 3,
        tankCode: 'T1',
        startedAt: '2026-11-30T09:40:00.000Z',
        endedAt: '2026-11-30T10:00:00.000Z',
        volume: 10000,
      },
    });
  });

  it('an alarm names its code in English', () => {
    const data = webhookPayload({ uid: 'u', type: 'alarm.opened', occurredAt: '2026-11-30T10:00:00.000Z', data: { alarmId: 1, kind: 'level', code: 13, tankId: 2 }, context: { stationId: 1, tankCode: 'T2' } }).data;
    expect(data).toMatchObject({ alarmId: 1, code: 13, codeName: 'low alarm', tankCode: 'T2', units: { volume: 'L', temperature: '°C' } });
  });

  it('a test ping has no station and no units', () => {
    expect(webhookPayload({ uid: 'u', type: 'test.ping', occurredAt: '2026-11-30T10:00:00.000Z', data: { endpointId: 1 }, context: {} }).data).toEqual({ endpointId: 1 });
  });
});
