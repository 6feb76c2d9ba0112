import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP, parseCliOptions, type CliEnvironment } from './cli-options';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const ENV: CliEnvironment = { timezone: 'Asia/Shanghai', nowMs: Date.parse('2026-11-20T10:00:00Z') };
const ARGS = ['--stations', '2', '--tanks', '3'];

/** What the CLI would print to stderr before exiting with status 2, or null when it would start. */
function refusal(...args: string[]): string | null {
  const parsed = parseCliOptions([...ARGS, ...args], ENV);
  return parsed.kind === 'refused' ? parsed.message : null;
}

describe('the CLI', () => {
  // The one spawn: node with tsx starts in about a second, but ten times that on a machine busy with other suites.
  it('starts, and refuses what its options refuse with status 2 and the usage', { timeout: 90_000 }, () => {
    const args = ['--sales', 'transactions', '--theft', '2/4=300@2026-11-12T01:30:00Z'];
    const r = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...ARGS, ...args], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^--theft: there is no tank 4 at station 2 \(2 stations of 3 tanks\)/);
    expect(r.stderr).toBe(`${refusal(...args)}\n`);
  });
});

describe('the CLI’s options', () => {
  it('refuse a theft or a meter error on a tank there is not, and say which', () => {
    expect(refusal('--sales', 'transactions', '--theft', '2/4=300@2026-11-12T01:30:00Z')).toMatch(/^--theft: there is no tank 4 at station 2 \(2 stations of 3 tanks\)/);
    expect(refusal('--sales', 'transactions', '--meter-error', '3/1=0.6')).toMatch(/^--meter-error: there is no tank 1 at station 3/);
  });

  it('refuse a meter error without metered sales, and a totaliser off the quarter hours', () => {
    expect(refusal('--meter-error', '1/1=0.6')).toMatch(/^--meter-error needs metered sales/);
    expect(refusal('--sales', 'totaliser', '--totaliser-every', '20')).toMatch(/^--totaliser-every must be a multiple of 15/);
    expect(refusal('--sales', 'cash')).toMatch(/^--sales must be none, transactions or totaliser/);
  });

  it('name the first problem, then the usage', () => {
    const cases: [string[], string][] = [
      [['--transport', 'udp'], '--transport must be http or mqtt'],
      [['--transport', 'mqtt'], '--transport mqtt needs --mqtt URL'],
      [['--start', 'yesterday'], '--start must be an ISO time'],
      [['--diameter', '50'], '--diameter must be a number ≥ 100'],
      [['--tanks', '0'], '--tanks must be a number ≥ 1'],
      [['--leak', '1/0=0.5'], '--leak: there is no tank 0 at station 1 (2 stations of 3 tanks)'],
      [['--leak', '1-2=0.5'], '--leak 1-2=0.5: expected STATION/TANK=RATE[@ISO-TIME], e.g. 1/2=0.76@2026-11-01T00:00:00Z'],
      [['--sales', 'totaliser', '--totaliser-every', '10'], '--totaliser-every must be a number ≥ 15'],
      [['--unit-price', '0'], '--unit-price must be a number above 0'],
      [['--sensors=-1'], '--sensors must be a number ≥ 0'],
      [['--interval', '5'], '--interval must be a number ≥ 10'],
      [['--time-scale', '0'], '--time-scale must be a number ≥ 0.001'],
      [['--seed=-1'], '--seed must be a number ≥ 0'],
      // Several problems: the one the CLI has always checked first.
      [['--sales', 'cash', '--transport', 'udp'], '--transport must be http or mqtt'],
      [['--tanks', '0', '--leak', '1/1=0.5', '--sales', 'cash'], '--tanks must be a number ≥ 1'],
    ];
    expect(cases.map(([args]) => refusal(...args))).toEqual(cases.map(([, problem]) => `${problem}\n\n${HELP}`));
  });

  it('answer the help, and throw on an option there is not, as parseArgs does', () => {
    expect(parseCliOptions(['--stations', '0', '--help'], ENV)).toEqual({ kind: 'help' });
    expect(() => parseCliOptions(['--bogus'], ENV)).toThrow(/Unknown option '--bogus'/);
  });

  it('build the fleet they describe', () => {
    const parsed = parseCliOptions(
      [
        ...['--mqtt', 'mqtt://127.0.0.1:1883', '--stations', '2', '--tanks', '3', '--sensors', '2', '--interval', '500', '--time-scale', '60', '--seed', '7', '--no-events'],
        ...['--start', '2026-11-01T00:00:00Z', '--code-prefix', 'X-', '--key-prefix', 'k:', '--timezone', 'Europe/Madrid', '--diameter', '2000', '--length', '6000'],
        ...['--sales', 'totaliser', '--totaliser-every', '30', '--unit-price', '1.6', '--leak', '1/2=0.76', '--meter-error', '2/3=-0.4', '--theft', '1/3=300@2026-11-12T01:30:00Z'],
      ],
      ENV,
    );
    if (parsed.kind !== 'run') throw new Error(`not started: ${JSON.stringify(parsed)}`);
    const { stations, ...rest } = parsed.options;
    expect(rest).toEqual({ transport: 'mqtt', baseUrl: 'http://127.0.0.1:8080', mqttUrl: 'mqtt://127.0.0.1:1883', tankCount: 3, intervalMs: 500, timeScale: 60, startMs: Date.parse('2026-11-01T00:00:00Z'), seed: 7, events: false });
    expect(stations.map((s) => `${s.code} ${s.deviceKey} ${s.timezone} ${s.tanks.map((t) => t.code).join(',')} ${s.sensors!.map((x) => `${x.sensorNo}:${x.type}`).join(',')}`)).toEqual([
      'X-001 k:X-001 Europe/Madrid 1,2,3 1:leak,2:leak',
      'X-002 k:X-002 Europe/Madrid 1,2,3 1:leak,2:leak',
    ]);
    expect(stations.map((s) => s.metering)).toEqual([{ kind: 'totaliser', everyMs: 30 * 60_000 }, { kind: 'totaliser', everyMs: 30 * 60_000 }]);
    const [tank] = stations[0]!.tanks;
    // A 2 m × 6 m cylinder: about 18,850 L, the table's last point rounded down.
    expect(tank!.heightMm).toBe(2000);
    expect(tank!.capacityL).toBe(Math.floor(tank!.strapping.at(-1)!.volumeL));
    expect(tank!.capacityL).toBeGreaterThan(18_800);
    expect(tank!.capacityL).toBeLessThan(18_900);
    // Each per-tank option on its tank only; a leak without a time starts with the simulation.
    const special = stations.flatMap((s, i) => s.tanks.map((t) => ({ at: `${i + 1}/${t.code}`, leak: t.leak, meterErrorPct: t.meterErrorPct, theft: t.theft, unitPrice: t.unitPrice })));
    expect(special.filter((t) => t.leak || t.meterErrorPct || t.theft)).toEqual([
      { at: '1/2', leak: { rateLph: 0.76, fromMs: Date.parse('2026-11-01T00:00:00Z') }, meterErrorPct: undefined, theft: undefined, unitPrice: 1.6 },
      { at: '1/3', leak: undefined, meterErrorPct: undefined, theft: { litres: 300, fromMs: Date.parse('2026-11-12T01:30:00Z'), durationMs: 3_600_000 }, unitPrice: 1.6 },
      { at: '2/3', leak: undefined, meterErrorPct: -0.4, theft: undefined, unitPrice: 1.6 },
    ]);
    expect(special.every((t) => t.unitPrice === 1.6)).toBe(true);
  });

  it('default to twenty stations of four tanks over HTTP, in this machine’s timezone, starting now', () => {
    const parsed = parseCliOptions(['--leak', '3/4=1.5'], ENV);
    if (parsed.kind !== 'run') throw new Error(`not started: ${JSON.stringify(parsed)}`);
    const { stations, ...rest } = parsed.options;
    expect(rest).toEqual({ transport: 'http', baseUrl: 'http://127.0.0.1:8080', mqttUrl: undefined, tankCount: 4, intervalMs: 10_000, timeScale: 1, startMs: undefined, seed: 1, events: true });
    expect(stations).toHaveLength(20);
    expect(stations[0]).toMatchObject({ code: 'SIM-001', deviceKey: 'demo-device-key:SIM-001', timezone: 'Asia/Shanghai', sensors: [{ sensorNo: '1', type: 'leak' }] });
    expect(stations[0]!.metering).toBeUndefined();
    expect(stations[0]!.tanks.map((t) => [t.code, t.heightMm, t.capacityL])).toEqual([1, 2, 3, 4].map((n) => [String(n), 2500, stations[0]!.tanks[0]!.capacityL]));
    expect(stations[2]!.tanks[3]!.leak).toEqual({ rateLph: 1.5, fromMs: ENV.nowMs });
  });
});
