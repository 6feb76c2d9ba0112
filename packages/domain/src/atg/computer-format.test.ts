import { describe, expect, it } from 'vitest';
import { AtgParseError, parseActiveAlarms, parseAlarmHistory, parseConsoleClock, parseDeliveries, parseInventory, parseLiquidSensors, parseTankCapacities, parseTankDiameters, parseTankLabels, parseTankStatus, parseUnits } from './computer-format';
import { decodeFrame, encodeComputerReply, floatToHex } from './frame';
import { REFERENCE_CAPTURES, referenceFrame } from './reference-captures';

const T = '2311221015';
const NOW = { year: 2023, month: 11, day: 22, hour: 10, minute: 15 };

/** The data of a reference capture, through the real frame decoder. */
function captured(code: keyof typeof REFERENCE_CAPTURES): string {
  const outcome = decodeFrame(referenceFrame(REFERENCE_CAPTURES[code]), code);
  if (outcome.kind !== 'computer') throw new Error(`${code}: ${outcome.kind}`);
  return outcome.data;
}

const two = (n: number) => String(n).padStart(2, '0');
// NN is hex (§2 Integers): ten floats are 0A.
const floats = (...values: number[]) => values.length.toString(16).toUpperCase().padStart(2, '0') + values.map(floatToHex).join('');
const inventoryRecord = (tank: number, values: number[], product = '1', status = '0000') => `${two(tank % 100)}${product}${status}${floats(...values)}`;

function parseError(parse: () => unknown): AtgParseError {
  try {
    parse();
  } catch (error) {
    if (error instanceof AtgParseError) return error;
    throw error;
  }
  throw new Error('parsed without an error');
}

describe('i201 in-tank inventory (atg-protocol §3 i201TT)', () => {
  it('the public capture', () => {
    const { time, tanks } = parseInventory(captured('i20100'));
    expect(time).toEqual({ year: 2020, month: 4, day: 10, hour: 0, minute: 12 });
    expect(tanks).toHaveLength(1);
    const t = tanks[0]!;
    expect(t).toMatchObject({ tank: 1, product: '1', status: 2, deliveryInProgress: false, leakTestInProgress: true, invalidFuelHeight: false, volume: 1756, tcVolume: 1751, ullage: 2162, water: 0, waterVolume: 0 });
    expect(t.height).toBeCloseTo(32.81, 2);
    expect(t.temperature).toBeCloseTo(65.56, 2);
  });

  it.each([
    ['0001', { deliveryInProgress: true, leakTestInProgress: false, invalidFuelHeight: false }],
    ['0004', { deliveryInProgress: false, leakTestInProgress: false, invalidFuelHeight: true }],
    ['0007', { deliveryInProgress: true, leakTestInProgress: true, invalidFuelHeight: true }],
    ['FFF8', { deliveryInProgress: false, leakTestInProgress: false, invalidFuelHeight: false }],
  ])('status bits %s (§2 Status bits)', (status, flags) => {
    expect(parseInventory(T + inventoryRecord(1, [1, 2, 3, 4, 5, 6, 7], '1', status)).tanks[0]).toMatchObject(flags);
  });

  it.each([
    ['06: no water volume', [1, 2, 3, 4, 5, 6], { temperature: 6, waterVolume: null }],
    ['07', [1, 2, 3, 4, 5, 6, 7], { temperature: 6, waterVolume: 7 }],
    ['09: extras ignored', [1, 2, 3, 4, 5, 6, 7, 8, 9], { temperature: 6, waterVolume: 7 }],
    ['00: all null', [], { volume: null, temperature: null, waterVolume: null }],
  ])('float count %s (§5 Float count)', (_name, values, expected) => {
    // A second record after it proves the NN floats were all consumed, no more, no less.
    const { tanks } = parseInventory(T + inventoryRecord(1, values) + inventoryRecord(2, [10, 20, 30, 40, 50, 60, 70]));
    expect(tanks[0]).toMatchObject(expected);
    expect(tanks[1]).toMatchObject({ tank: 2, volume: 10, waterVolume: 70 });
  });

  it('an inactive tank addressed explicitly: `05?????07????…` reads as nulls, never 0 (§2 ? fill)', () => {
    const { tanks } = parseInventory(`${T}05?????07${'?'.repeat(56)}`);
    expect(tanks).toEqual([
      { tank: 5, product: null, status: null, deliveryInProgress: false, leakTestInProgress: false, invalidFuelHeight: false, volume: null, tcVolume: null, ullage: null, height: null, water: null, temperature: null, waterVolume: null },
    ]);
  });

  it.each([
    ['NaN', '7FC00000'],
    ['+Inf', '7F800000'],
    ['−Inf', 'FF800000'],
    ['one ?', '4283?DB7'],
  ])('a %s float is null (§5 Null fields)', (_name, hex) => {
    const record = `011000007${floatToHex(1)}${floatToHex(2)}${floatToHex(3)}${floatToHex(4)}${floatToHex(5)}${hex}${floatToHex(7)}`;
    expect(parseInventory(T + record).tanks[0]).toMatchObject({ volume: 1, temperature: null, waterVolume: 7 });
  });

  it('negative water (BC578D00) and an empty tank (all 00000000) are values, not nulls (§5)', () => {
    const data = `${T}011000007${'00000000'.repeat(4)}BC578D00${'00000000'.repeat(2)}${inventoryRecord(2, [0, 0, 0, 0, 0, 0, 0])}`;
    const [a, b] = parseInventory(data).tanks;
    expect(a!.water).toBeCloseTo(-0.013156, 6);
    expect(b).toMatchObject({ volume: 0, height: 0, water: 0, temperature: 0 });
  });

  it('an empty frame (echo and time only, §1 absent tank) has no tanks', () => {
    expect(parseInventory(T)).toEqual({ time: NOW, tanks: [] });
  });

  it("'&' as a product code, through the frame decoder (§5)", () => {
    const frame = encodeComputerReply('i20100', T + inventoryRecord(1, [1, 2, 3, 4, 5, 6, 7], '&'));
    const outcome = decodeFrame(frame, 'i20100');
    expect(outcome.kind === 'computer' && parseInventory(outcome.data).tanks[0]?.product).toBe('&');
  });

  it('100 records (about 6.5 KB): count-driven, no limit of 16; TT has 2 digits, so the 100th says 00 and reads as tank 0, not guessed as 100', () => {
    const records = Array.from({ length: 100 }, (_, i) => inventoryRecord(i + 1, [i, i, i, i, i, i, i]));
    const frame = encodeComputerReply('i20100', T + records.join(''));
    expect(frame.length).toBeGreaterThan(6500);
    const outcome = decodeFrame(frame, 'i20100');
    if (outcome.kind !== 'computer') throw new Error(outcome.kind);
    const { tanks } = parseInventory(outcome.data);
    expect(tanks).toHaveLength(100);
    expect(tanks.map((t) => t.tank).slice(95)).toEqual([96, 97, 98, 99, 0]);
    expect(tanks[16]).toMatchObject({ tank: 17, volume: 16 });
  });

  it.each([
    ['a float count beyond the data', `${T}01100000702`, 'tank 1 float count', 17],
    ['a non-hex float', `${T}011000001ZZZZZZZZ`, 'tank 1 volume', 19],
    ['a non-hex float count', `${T}01100000Z`, 'tank 1 float count', 17],
    ['a non-hex status', `${T}0110G00`, 'tank 1 status', 13],
    ['an unknown tank number', `${T}??1000000`, 'record 1 tank', 10],
    ['an unknown float count', `${T}011000??`, 'tank 1 float count', 17],
    ['a truncated record', `${T}0110`, 'tank 1 status', 13],
    ['a time that is no date', `2313301342`, 'time', 0],
  ])('throws AtgParseError naming the field and offset: %s', (_name, data, field, offset) => {
    const error = parseError(() => parseInventory(data));
    expect(error).toMatchObject({ fn: 'i201', field, offset });
    expect(error.message).toContain(`${field} at offset ${offset}`);
  });

  it('a ?-filled time is null', () => {
    expect(parseInventory('??????????').time).toBeNull();
  });
});

describe('i202 deliveries (atg-protocol §3 i202TT)', () => {
  it('the public capture, trimmed to one delivery: 4612 → 5626, delivered 1014 (TC 1009)', () => {
    const { time, tanks } = parseDeliveries(captured('i20200'));
    expect(time).toEqual({ year: 2021, month: 4, day: 26, hour: 0, minute: 1 });
    expect(tanks).toHaveLength(1);
    expect(tanks[0]).toMatchObject({ tank: 1, product: '1' });
    const [d] = tanks[0]!.deliveries;
    expect(d).toMatchObject({
      start: { year: 2021, month: 4, day: 23, hour: 9, minute: 24 },
      end: { year: 2021, month: 4, day: 23, hour: 9, minute: 33 },
      startVolume: 4612,
      startTcVolume: 4592,
      startWater: 0,
      endVolume: 5626,
      endTcVolume: 5601,
      endWater: 0,
    });
    expect(d!.startTemperature).toBeCloseTo(66.02, 2);
    expect(d!.endTemperature).toBeCloseTo(66.08, 2);
    expect(d!.startHeight).toBeCloseTo(52.12, 2);
    expect(d!.endHeight).toBeCloseTo(61.58, 2);
    expect(d!.endVolume! - d!.startVolume!).toBe(1014);
    expect(d!.endTcVolume! - d!.startTcVolume!).toBe(1009);
  });

  it('dd=00, two deliveries, and NN of 06 (the rest null), across tanks', () => {
    const delivery = (from: string, to: string, values: number[]) => from + to + floats(...values);
    const data = `${T}01102${delivery('2311211400', '2311211420', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])}${delivery('2311201400', '2311201420', [1, 2, 3, 4, 5, 6])}02200`;
    const { tanks } = parseDeliveries(data);
    expect(tanks.map((t) => [t.tank, t.deliveries.length])).toEqual([
      [1, 2],
      [2, 0],
    ]);
    expect(tanks[0]!.deliveries[0]).toMatchObject({ startVolume: 1, endVolume: 5, startHeight: 9, endHeight: 10 });
    expect(tanks[0]!.deliveries[1]).toMatchObject({ endTcVolume: 6, endWater: null, endTemperature: null, startHeight: null, endHeight: null });
  });

  it.each([
    ['an unknown delivery count', `${T}011??`, 'tank 1 delivery count', 13],
    ['a delivery start that is no date', `${T}01101231399000023113110000A`, 'tank 1 delivery 1 start', 15],
  ])('throws on %s', (_name, data, field, offset) => {
    expect(parseError(() => parseDeliveries(data))).toMatchObject({ fn: 'i202', field, offset });
  });
});

describe('i205 in-tank status (atg-protocol §3 i205TT)', () => {
  it('the synthetic example: tank 1 none, tank 2 low product (05) and high water (03)', () => {
    expect(parseTankStatus(captured('i20500'))).toEqual({
      time: NOW,
      tanks: [
        { tank: 1, alarms: [] },
        { tank: 2, alarms: [5, 3] },
      ],
      extraZeroAfterEmpty: false,
    });
  });

  it.each([
    ['three tanks (the reported suite case)', '010000020000030000', [1, 2, 3]],
    ['two tanks, which the strict layout also consumes (as tank 00 with alarms 00 00)', '010000020000', [1, 2]],
    ['a tank with alarms between two empty ones', '01000002020503030000', [1, 2, 3]],
  ])('the TLS-350 extra 00 after nn=00 (unverified): %s', (_name, records, numbers) => {
    const reply = parseTankStatus(T + records);
    expect(reply.extraZeroAfterEmpty).toBe(true);
    expect(reply.tanks.map((t) => t.tank)).toEqual(numbers);
  });

  it('nn is hex: 0A is ten alarms', () => {
    expect(parseTankStatus(`${T}010A${'01020304050607081011'}`).tanks[0]!.alarms).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11]);
  });

  it('a ?-filled count is null, not no alarms', () => {
    expect(parseTankStatus(`${T}05??`).tanks).toEqual([{ tank: 5, alarms: null }]);
  });

  it('neither layout fits: the strict error', () => {
    expect(parseError(() => parseTankStatus(`${T}010205`))).toMatchObject({ fn: 'i205', field: 'tank 1 alarm 2', offset: 16 });
  });
});

describe('i10100 active alarms (atg-protocol §3 i10100)', () => {
  it('the public capture: tank (02) overfill (04) on tank 2', () => {
    expect(parseActiveAlarms(captured('i10100'))).toEqual({ time: { year: 2023, month: 12, day: 30, hour: 13, minute: 42 }, alarms: [{ category: 2, type: 4, device: 2 }] });
  });

  it.each([
    ['no records', T, []],
    ['a single AA=00 record', `${T}000000`, []],
    ['several', `${T}020402030601010400`, [
      { category: 2, type: 4, device: 2 },
      { category: 3, type: 6, device: 1 },
      { category: 1, type: 4, device: 0 },
    ]],
  ])('%s', (_name, data, alarms) => {
    expect(parseActiveAlarms(data).alarms).toEqual(alarms);
  });

  it('throws on a short record', () => {
    expect(parseError(() => parseActiveAlarms(`${T}0204`))).toMatchObject({ fn: 'i101', field: 'record 1 device', offset: 14 });
  });
});

describe('i11100 alarm history (atg-protocol §3 i11100)', () => {
  it('the synthetic example: tank 3 low product occurred 09:31, system battery off cleared 08:00', () => {
    expect(parseAlarmHistory(captured('i11100'))).toEqual({
      time: NOW,
      entries: [
        { category: 2, sensorCategory: 0, type: 5, device: 3, state: 'occurred', time: { year: 2023, month: 11, day: 22, hour: 9, minute: 31 } },
        { category: 1, sensorCategory: 0, type: 4, device: 0, state: 'cleared', time: { year: 2023, month: 11, day: 22, hour: 8, minute: 0 } },
      ],
    });
  });

  it('a state other than 01 or 02 throws', () => {
    expect(parseError(() => parseAlarmHistory(`${T}02000503032311220931`))).toMatchObject({ fn: 'i111', field: 'record 1 state', offset: 18 });
  });
});

describe('i301 liquid sensors (atg-protocol §3 i301SS)', () => {
  it('the synthetic example: 1 normal, 2 fuel alarm, 3 out', () => {
    expect(parseLiquidSensors(captured('i30100')).sensors).toEqual([
      { sensor: 1, status: 0, statusName: 'normal' },
      { sensor: 2, status: 2, statusName: 'fuel alarm' },
      { sensor: 3, status: 3, statusName: 'out' },
    ]);
  });

  it('?-filled and undocumented statuses', () => {
    expect(parseLiquidSensors(`${T}04????050010`).sensors).toEqual([
      { sensor: 4, status: null, statusName: null },
      { sensor: 5, status: 16, statusName: null },
    ]);
  });
});

describe('tank configuration i602 / i604 / i607 (atg-protocol §3)', () => {
  it('i602 labels, trailing spaces removed', () => {
    expect(parseTankLabels(captured('i60200')).tanks).toEqual([
      { tank: 1, label: 'REGULAR UNLEADED' },
      { tank: 2, label: 'DIESEL' },
    ]);
  });

  it("i602: '&' in a label, a real '?', and an all-? label", () => {
    const data = `${T}01${'R&D TANK'.padEnd(20)}02${'WHO?'.padEnd(20)}03${'?'.repeat(20)}`;
    expect(parseTankLabels(data).tanks.map((t) => t.label)).toEqual(['R&D TANK', 'WHO?', null]);
  });

  it('i604 capacity: tank 1 9728', () => {
    expect(parseTankCapacities(captured('i60400'))).toEqual({ time: NOW, tanks: [{ tank: 1, capacity: 9728 }] });
  });

  it('i607 diameter: 96.0 in, 64.0 in', () => {
    expect(parseTankDiameters(captured('i60700')).tanks).toEqual([
      { tank: 1, diameter: 96 },
      { tank: 2, diameter: 64 },
    ]);
  });

  it('?-filled capacity is null', () => {
    expect(parseTankCapacities(`${T}03????????`).tanks).toEqual([{ tank: 3, capacity: null }]);
  });
});

describe('i50100 clock and i51700 units (atg-protocol §3 i50100, §2 Units)', () => {
  it('i50100: now and the clock', () => {
    expect(parseConsoleClock(captured('i50100'))).toEqual({ time: NOW, clock: NOW });
  });

  it('the s50100 reply (unverified) reads the same way', () => {
    const at = { year: 2023, month: 11, day: 22, hour: 10, minute: 30 };
    expect(parseConsoleClock(captured('s50100'))).toEqual({ time: at, clock: at });
  });

  it.each([
    ['1', 'us'],
    ['2', 'metric'],
    ['3', 'imperial'],
  ])('i51700 U=%s is %s', (code, units) => {
    expect(parseUnits(T + code)).toEqual({ time: NOW, units });
  });

  it('i51700: another value throws', () => {
    expect(parseError(() => parseUnits(`${T}4`))).toMatchObject({ fn: 'i517', field: 'units', offset: 10 });
  });
});
