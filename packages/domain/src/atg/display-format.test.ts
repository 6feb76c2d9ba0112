import { describe, expect, it } from 'vitest';
import { parseDisplayAlarms, parseDisplayDeliveries, parseDisplayInventory, parseDisplaySensors, parseDisplayTankStatus, parseDisplayTime, parseColumnUnits, parseUnitsLegend } from './display-format';
import { asciiBytes, decodeFrame, encodeDisplayReply, ETX } from './frame';

/** A report as the emulator sends it (LF only), through the real frame decoder. */
function emulatorLines(code: string, body: string): string[] {
  const text = `\x01\n${code}\n${body}\n`;
  const outcome = decodeFrame(Uint8Array.from([...asciiBytes(text), ETX]), code);
  if (outcome.kind !== 'display') throw new Error(outcome.kind);
  return outcome.lines;
}

/** A report as the manual describes it (CR LF + 6 NULs), through the real frame decoder. */
function manualLines(code: string, lines: string[]): string[] {
  const outcome = decodeFrame(encodeDisplayReply(code, lines, { manualLineEndings: true }), code);
  if (outcome.kind !== 'display') throw new Error(outcome.kind);
  return outcome.lines;
}

describe('display dates (atg-protocol §4)', () => {
  it.each([
    ['11/22/2026 01:51', { year: 2026, month: 11, day: 22, hour: 1, minute: 51 }, 'emulator'],
    ['11/21/2026 20:14', { year: 2026, month: 11, day: 21, hour: 20, minute: 14 }, 'emulator I20200'],
    ['JUL 28, 1997    3:14 PM', { year: 1997, month: 7, day: 28, hour: 15, minute: 14 }, 'manual'],
    ['JAN 1, 2024 12:05 AM', { year: 2024, month: 1, day: 1, hour: 0, minute: 5 }, 'manual, midnight'],
    ['DEC 31, 2024 12:59 PM', { year: 2024, month: 12, day: 31, hour: 12, minute: 59 }, 'manual, noon'],
    ['11-21-26  8:06PM', { year: 2026, month: 11, day: 21, hour: 20, minute: 6 }, 'I11100 DATE TIME'],
  ])('%s (%s)', (text, parts) => {
    expect(parseDisplayTime(text)).toEqual(parts);
  });

  it.each(['', '13/01/2026 10:00', 'FOO 28, 1997 3:14 PM', 'JUL 28, 1997 13:14 PM', '2311221015'])('%j → null', (text) => {
    expect(parseDisplayTime(text)).toBeNull();
  });
});

describe('units legend (atg-protocol §2 Units, [4xx] p.52, p.127)', () => {
  it.each([
    ['Volume=GALLONS Height=INCHES Temp=FAHRENHEIT', 'us'],
    ['Volume=LITERS Height=MM Temp=DEG C', 'metric'],
    ['  Volume = LITRES  Height = MM  Temp = DEG C  ', 'metric'],
    ['Volume=IMP GALLONS Height=INCHES Temp=FAHRENHEIT', null],
    ['IN-TANK INVENTORY', null],
  ])('%j → %s', (line, units) => {
    expect(parseUnitsLegend(['', line, ''])).toBe(units);
  });
});

describe('units named by column headers (I20200, issue 20 #7)', () => {
  it.each([
    ['INCREASE   DATE / TIME             GALLONS TC GALLONS WATER  TEMP DEG F  HEIGHT', 'us'],
    ['INCREASE   DATE / TIME             LITRES TC LITRES WATER  TEMP DEG C  HEIGHT', 'metric'],
    ['INCREASE   DATE / TIME             LITERS TC LITERS WATER  TEMP DEG C  HEIGHT', 'metric'],
    ['INCREASE   DATE / TIME             GALLONS TC GALLONS WATER  TEMP DEG C  HEIGHT', null],
    ['TANK PRODUCT             VOLUME TC VOLUME   ULLAGE   HEIGHT    WATER     TEMP', null],
  ])('%j → %s', (line, units) => {
    expect(parseColumnUnits(['', line, ''])).toBe(units);
  });
});

describe('I20100 inventory (atg-protocol §4 I20100)', () => {
  it("the emulator's report: values out of column with the headers, read by token", () => {
    const lines = emulatorLines(
      'I20100',
      [
        '11/22/2026 01:51',
        '',
        '    OBERT 24h',
        '',
        '',
        'IN-TANK INVENTORY',
        '',
        'TANK PRODUCT             VOLUME TC VOLUME   ULLAGE   HEIGHT    WATER     TEMP',
        '  1  SUPER                   2028        2034      3988    35.58      0.10    56.01',
      ].join('\n'),
    );
    expect(parseDisplayInventory(lines)).toEqual({
      units: null,
      tanks: [{ tank: 1, label: 'SUPER', volume: 2028, tcVolume: 2034, ullage: 3988, height: 35.58, water: 0.1, temperature: 56.01 }],
    });
  });

  it("the manual's layout: CR LF + NULs, header lines, [4xx]'s TC-VOLUME and legend, labels with spaces and digits, 3-digit tanks", () => {
    const lines = manualLines('I20100', [
      '',
      'NOV 22, 2026  1:51 AM',
      'NORTHWIND PETROLEUM',
      '88 CENTURY AVE 200120',
      'SHANGHAI',
      '',
      'IN-TANK INVENTORY',
      'Volume=LITERS Height=MM Temp=DEG C',
      '',
      'TANK PRODUCT             VOLUME TC-VOLUME   ULLAGE   HEIGHT    WATER     TEMP',
      '  1  92# GASOLINE R&D     20280     20340    22194  1650.00    12.00    18.40',
      '  2  DIESEL 0              8000      7990     7000   900.50     0.00    -2.50',
      '100  SPARE                    0         0    10000     0.00     0.00     0.00',
      '',
    ]);
    const { units, tanks } = parseDisplayInventory(lines);
    expect(units).toBe('metric');
    expect(tanks).toEqual([
      { tank: 1, label: '92# GASOLINE R&D', volume: 20280, tcVolume: 20340, ullage: 22194, height: 1650, water: 12, temperature: 18.4 },
      { tank: 2, label: 'DIESEL 0', volume: 8000, tcVolume: 7990, ullage: 7000, height: 900.5, water: 0, temperature: -2.5 },
      { tank: 100, label: 'SPARE', volume: 0, tcVolume: 0, ullage: 10000, height: 0, water: 0, temperature: 0 },
    ]);
  });

  it('no rows: an empty inventory', () => {
    expect(parseDisplayInventory(['', 'IN-TANK INVENTORY', '']).tanks).toEqual([]);
  });
});

describe('I20200 deliveries (atg-protocol §4 I20200)', () => {
  const emulatorBody = [
    '11/22/2026 01:51',
    '',
    '    OBERT 24h',
    '',
    'DELIVERY REPORT',
    '',
    'T 1:SUPER',
    'INCREASE   DATE / TIME             GALLONS TC GALLONS WATER  TEMP DEG F  HEIGHT',
    '',
    '      END: 11/21/2026 20:14         2028       2034   0.10      56.01   35.58',
    '    START: 11/21/2026 20:04         602       604   0.10      56.01   15.02',
    '   AMOUNT:                          1426       1430',
  ].join('\n');

  it("the emulator's report ([3xx] order: END first)", () => {
    expect(parseDisplayDeliveries(emulatorLines('I20200', emulatorBody))).toEqual({
      // No legend, but the headers say GALLONS and DEG F.
      units: 'us',
      tanks: [
        {
          tank: 1,
          label: 'SUPER',
          deliveries: [
            {
              start: { year: 2026, month: 11, day: 21, hour: 20, minute: 4 },
              end: { year: 2026, month: 11, day: 21, hour: 20, minute: 14 },
              startVolume: 602,
              startTcVolume: 604,
              startWater: 0.1,
              startTemperature: 56.01,
              startHeight: 15.02,
              endVolume: 2028,
              endTcVolume: 2034,
              endWater: 0.1,
              endTemperature: 56.01,
              endHeight: 35.58,
              amount: 1426,
              tcAmount: 1430,
            },
          ],
        },
      ],
    });
  });

  it("[4xx] order (START first), manual dates, two deliveries and two tanks, a legend", () => {
    const lines = manualLines('I20200', [
      '',
      'JUL 29, 1997   8:00 AM',
      '',
      'DELIVERY REPORT',
      'Volume=GALLONS Height=INCHES Temp=FAHRENHEIT',
      '',
      'T 1:REGULAR',
      'INCREASE   DATE / TIME         Fuel Volume FuelTC Volume Water Height Fuel Temp Fuel Height',
      '    START: JUL 28, 1997    3:04 PM    4612    4592   0.00   66.02   52.12',
      '      END: JUL 28, 1997    3:14 PM    5626    5601   0.00   66.08   61.58',
      '   AMOUNT:                             1014    1009',
      '    START: JUL 21, 1997   10:00 AM    1000    1001   0.25   60.00   20.00',
      '      END: JUL 21, 1997   10:30 AM    3000    3003   0.25   61.00   40.00',
      '',
      'T 2:DIESEL',
      '    START: JUL 27, 1997    9:00 AM     100     101   0.00   55.00    5.00',
      '      END: JUL 27, 1997    9:20 AM     900     901   0.00   56.00   25.00',
      '',
    ]);
    const { units, tanks } = parseDisplayDeliveries(lines);
    expect(units).toBe('us');
    expect(tanks.map((t) => [t.tank, t.label, t.deliveries.length])).toEqual([
      [1, 'REGULAR', 2],
      [2, 'DIESEL', 1],
    ]);
    expect(tanks[0]!.deliveries[0]).toMatchObject({
      start: { year: 1997, month: 7, day: 28, hour: 15, minute: 4 },
      end: { year: 1997, month: 7, day: 28, hour: 15, minute: 14 },
      startVolume: 4612,
      endVolume: 5626,
      endTcVolume: 5601,
      startHeight: 52.12,
      endHeight: 61.58,
      amount: 1014,
      tcAmount: 1009,
    });
    expect(tanks[0]!.deliveries[1]).toMatchObject({ startVolume: 1000, endVolume: 3000, amount: null });
    expect(tanks[1]!.deliveries[0]).toMatchObject({ start: { hour: 9, minute: 0 }, endVolume: 900 });
  });

  it('a tank with no deliveries', () => {
    expect(parseDisplayDeliveries(['T 3:PREMIUM', 'INCREASE   DATE / TIME   GALLONS']).tanks).toEqual([{ tank: 3, label: 'PREMIUM', deliveries: [] }]);
  });
});

describe('I10100 alarms (atg-protocol §4 I10100 / I11100)', () => {
  it('the manual: ALL FUNCTIONS NORMAL', () => {
    expect(parseDisplayAlarms(manualLines('I10100', ['', 'NOV 22, 2026  1:51 AM', '', 'ALL FUNCTIONS NORMAL', '']))).toEqual({ allNormal: true, alarms: [] });
  });

  it('the manual: one line per alarm, named (T 2:OVERFILL ALARM is the public capture, §3 i10100)', () => {
    const lines = manualLines('I10100', ['', 'NOV 22, 2026  1:51 AM', '', 'T 2:OVERFILL ALARM', 'T 1:HIGH WATER ALARM', 'T 3:LOW PRODUCT ALARM', 'T 4: HIGH WATER WARNING', 'T 5:PROBE OUT', 'T 6:SOMETHING NEW', 'L 1:FUEL ALARM', '']);
    expect(parseDisplayAlarms(lines)).toEqual({
      allNormal: false,
      alarms: [
        { prefix: 'T', device: 2, text: 'OVERFILL ALARM', type: 4 },
        { prefix: 'T', device: 1, text: 'HIGH WATER ALARM', type: 3 },
        { prefix: 'T', device: 3, text: 'LOW PRODUCT ALARM', type: 5 },
        { prefix: 'T', device: 4, text: 'HIGH WATER WARNING', type: 10 },
        { prefix: 'T', device: 5, text: 'PROBE OUT', type: 9 },
        { prefix: 'T', device: 6, text: 'SOMETHING NEW', type: null },
        { prefix: 'L', device: 1, text: 'FUEL ALARM', type: 3 },
      ],
    });
  });

  it("the emulator's system report lists no alarms", () => {
    const lines = emulatorLines('I10100', ['11/22/2026 01:51', '', '    OBERT 24h', '', 'SYSTEM STATUS REPORT', 'SERIAL# : 123456', 'SOFTWARE VER : 1.0.0', 'POWER STATUS : AC ON', 'COMM 1 : ONLINE'].join('\n'));
    expect(parseDisplayAlarms(lines)).toEqual({ allNormal: false, alarms: [] });
  });
});

describe('I30100 sensors (atg-protocol §4 I30100)', () => {
  it("the emulator's layout; SENSOR DRY reads as normal", () => {
    const lines = emulatorLines('I30100', ['11/22/2026 01:51', '', '    OBERT 24h', '', 'SENSOR STATUS REPORT', '', '  SENSOR 1: SUMP SENSOR 1', '      STATUS : SENSOR DRY', '  SENSOR 2: DISPENSER PAN 2', '      STATUS : FUEL ALARM'].join('\n'));
    expect(parseDisplaySensors(lines)).toEqual({
      sensors: [
        { sensor: 1, location: 'SUMP SENSOR 1', statusText: 'SENSOR DRY', status: 0 },
        { sensor: 2, location: 'DISPENSER PAN 2', statusText: 'FUEL ALARM', status: 2 },
      ],
    });
  });

  it("the manual's table, after its header; a header line starting with a number is not a sensor", () => {
    const lines = manualLines('I30100', [
      '',
      'NOV 22, 2026  1:51 AM',
      '88 CENTURY AVE',
      '',
      'LIQUID STATUS REPORT',
      '',
      'SENSOR LOCATION          STATUS',
      '  1    LIQUID # 1        SENSOR NORMAL',
      '  2    STP SUMP 2        FUEL ALARM',
      '  3    ANNULAR  3        SENSOR OUT ALARM',
      '  4    PAN 4             WATER ALARM',
      '  5    PIPING   SUMP     STRANGE STATE',
      '',
    ]);
    expect(parseDisplaySensors(lines).sensors).toEqual([
      { sensor: 1, location: 'LIQUID # 1', statusText: 'SENSOR NORMAL', status: 0 },
      { sensor: 2, location: 'STP SUMP 2', statusText: 'FUEL ALARM', status: 2 },
      { sensor: 3, location: 'ANNULAR  3', statusText: 'SENSOR OUT ALARM', status: 3 },
      { sensor: 4, location: 'PAN 4', statusText: 'WATER ALARM', status: 5 },
      { sensor: 5, location: 'PIPING   SUMP', statusText: 'STRANGE STATE', status: null },
    ]);
  });
});

/**
 * I20500 (issue 34 #12). §4 shows no display layout for it; these samples follow its other
 * display reports: the emulator's envelope, a `TANK PRODUCT STATUS` table read by token like
 * I20100's and the manual's I30100, and I10100's alarm names.
 */
describe('I20500 in-tank status (display format)', () => {
  it("the emulator's envelope: a status per tank, further alarms indented beneath their tank", () => {
    const lines = emulatorLines(
      'I20500',
      [
        '11/22/2026 01:51',
        '',
        '    OBERT 24h',
        '',
        '',
        'IN-TANK STATUS REPORT',
        '',
        'TANK   PRODUCT                 STATUS',
        '',
        '  1    SUPER                   NORMAL',
        '',
        '  2    UNLEAD                  HIGH WATER ALARM',
        '                               HIGH WATER WARNING',
        '',
        '  3    DIESEL                  OVERFILL ALARM',
      ].join('\n'),
    );
    expect(parseDisplayTankStatus(lines)).toEqual({
      tanks: [
        { tank: 1, label: 'SUPER', alarms: [] },
        {
          tank: 2,
          label: 'UNLEAD',
          alarms: [
            { text: 'HIGH WATER ALARM', type: 3 },
            { text: 'HIGH WATER WARNING', type: 10 },
          ],
        },
        { tank: 3, label: 'DIESEL', alarms: [{ text: 'OVERFILL ALARM', type: 4 }] },
      ],
    });
  });

  it("the manual's line endings and header lines; labels with spaces and digits; names with and without ALARM; an unknown name kept untyped", () => {
    const lines = manualLines('I20500', [
      '',
      'NOV 22, 2026  1:51 AM',
      '88 CENTURY AVE',
      '',
      'IN-TANK STATUS',
      '',
      'TANK PRODUCT              STATUS',
      '  1  92# GASOLINE         LOW PRODUCT ALARM',
      '                          DELIVERY NEEDED',
      '  2  95 OCTANE PREMIUM    PROBE OUT',
      '                          SUDDEN LOSS ALARM',
      '                          MAX PRODUCT ALARM',
      ' 12  0# DIESEL            SOMETHING NEW',
      '',
    ]);
    expect(parseDisplayTankStatus(lines).tanks).toEqual([
      {
        tank: 1,
        label: '92# GASOLINE',
        alarms: [
          { text: 'LOW PRODUCT ALARM', type: 5 },
          { text: 'DELIVERY NEEDED', type: 11 },
        ],
      },
      {
        tank: 2,
        label: '95 OCTANE PREMIUM',
        alarms: [
          { text: 'PROBE OUT', type: 9 },
          { text: 'SUDDEN LOSS ALARM', type: 6 },
          { text: 'MAX PRODUCT ALARM', type: 12 },
        ],
      },
      { tank: 12, label: '0# DIESEL', alarms: [{ text: 'SOMETHING NEW', type: null }] },
    ]);
  });

  it('without the table header nothing is read: a station line that starts with a number is not a tank', () => {
    const lines = manualLines('I20500', ['', 'NOV 22, 2026  1:51 AM', '88 CENTURY AVE', '  1  SUPER   OVERFILL ALARM', '']);
    expect(parseDisplayTankStatus(lines)).toEqual({ tanks: [] });
  });

  it('the header alone (no tanks configured): no tanks', () => {
    expect(parseDisplayTankStatus(['IN-TANK STATUS REPORT', '', 'TANK   PRODUCT   STATUS', ''])).toEqual({ tanks: [] });
  });
});
