import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStrongPassword } from '@ullage/domain/password';
import { strappingProblems, thresholdProblems, type StrappingPointInput } from '@ullage/domain/tank-rules';
import { companies, distributors, products, stations, tanks, users } from '../db/schema';
import { startTestApp, type TestContext } from '../test/harness';
import { firstStart } from './first-start';
import { generatePassword } from './generated-password';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('first start on an empty database', () => {
  it('creates admin and the demo organisation once, with generated passwords when none are given', async () => {
    const result = await firstStart(ctx.db, { ...ctx.config, adminPassword: undefined, demoPassword: undefined, demo: 'on' });
    expect(result.created).toBe(true);
    expect(result.adminPassword!.generated).toBe(true);
    expect(isStrongPassword(result.adminPassword!.value)).toBe(true);
    expect(result.demoPassword!.generated).toBe(true);
    expect(result.demoStations).toBe(12);

    const names = (await ctx.db.select({ u: users.username, t: users.accountType }).from(users)).map((r) => `${r.u}:${r.t}`).sort();
    expect(names).toEqual(['admin:0', 'demo-company:2', 'demo-distributor:1', 'demo-station:3']);
    const [distributor] = await ctx.db.select().from(distributors);
    expect(distributor!.logo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const units = (await ctx.db.select().from(companies)).map((c) => `${c.code}:${c.tempUnit}/${c.volumeUnit}`).sort();
    expect(units).toEqual(['LSF:2/2', 'NWP:1/1']);
    const stationRows = await ctx.db.select().from(stations);
    expect(new Set(stationRows.map((s) => s.timezone)).size).toBeGreaterThanOrEqual(8);
    const tankRows = await ctx.db.select().from(tanks);
    expect(tankRows.length).toBeGreaterThanOrEqual(30);
    for (const t of tankRows) {
      expect(t.lowOilAlarmMm! < t.lowOilWarnMm! && t.lowOilWarnMm! < t.highOilWarnMm! && t.highOilWarnMm! < t.highOilAlarmMm!).toBe(true);
      expect((t.strapping as unknown[]).length).toBeGreaterThan(10);
      // The demo must pass the rules the station form enforces, or it could not be edited.
      expect(strappingProblems(t.strapping as StrappingPointInput[], t.heightMm, t.volumeL)).toEqual([]);
      expect(thresholdProblems(t)).toEqual([]);
    }
    expect(await ctx.db.select().from(products)).toHaveLength(4);

    const again = await firstStart(ctx.db, ctx.config);
    expect(again).toEqual({ created: false });
    expect(await ctx.db.select().from(users)).toHaveLength(4);
  });
});

describe('DEMO=off', () => {
  it('creates only the administrator', async () => {
    const other = await startTestApp({ seed: false });
    try {
      const result = await firstStart(other.db, { ...other.config, demo: 'off' });
      expect(result.demoPassword).toBeUndefined();
      expect((await other.db.select().from(users)).map((u) => u.username)).toEqual(['admin']);
      expect(await other.db.select().from(stations)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('generated passwords', () => {
  it('always pass the spec §5 rules', () => {
    for (let i = 0; i < 200; i++) expect(isStrongPassword(generatePassword())).toBe(true);
  });
});
