import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStrongPassword } from '@ullage/domain/password';
import { strappingProblems, thresholdProblems, type StrappingPointInput } from '@ullage/domain/tank-rules';
import { eq } from 'drizzle-orm';
import { LANGUAGES } from '@ullage/domain/languages';
import { areas, companies, distributors, products, stationShifts, stations, tanks, users } from '../db/schema';
import { startTestApp, type TestContext } from '../test/harness';
import { firstStart } from './first-start';
import { generatePassword } from './generated-password';
import { DEMO_COMPANIES, DEMO_PRODUCTS, DEMO_SHIFTS } from './demo-organisation';
import { demoWords } from './demo-words';

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

describe('the demo in the server’s language (DEFAULT_LANGUAGE, issue 34 item 9)', () => {
  it('names every demo shift, product, area and station in each language but English, which keeps its own words', () => {
    const areaNames = new Set(DEMO_COMPANIES.flatMap((c) => c.stations.map((s) => s.area)));
    const stationCodes = DEMO_COMPANIES.flatMap((c) => c.stations.map((s) => s.code));
    expect(demoWords('en')).toBeNull();
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const words = demoWords(language)!;
      expect(Object.keys(words.shifts).sort(), language).toEqual(DEMO_SHIFTS.map((s) => s.name).sort());
      expect(Object.keys(words.products).sort(), language).toEqual(DEMO_PRODUCTS.map((p) => p.code).sort());
      expect(Object.keys(words.areas).sort(), language).toEqual([...areaNames].sort());
      expect(Object.keys(words.stations).sort(), language).toEqual([...stationCodes].sort());
      // Names of one kind differ from each other, as the English ones do.
      for (const kind of [words.shifts, words.products, words.areas, words.stations]) expect(new Set(Object.values(kind)).size, language).toBe(Object.keys(kind).length);
    }
  });

  it('a server started in Chinese seeds the demo with Chinese shift, product, area and station names', async () => {
    const other = await startTestApp({ seed: false });
    try {
      await firstStart(other.db, { ...other.config, demo: 'on', defaultLanguage: 'zh_CN' });
      const sz02 = (await other.db.select().from(stations).where(eq(stations.code, 'NWP-SZ02')))[0]!;
      expect(sz02.name).toBe('深圳南山');
      const shifts = await other.db.select().from(stationShifts).where(eq(stationShifts.stationId, sz02.id));
      expect(shifts.sort((a, b) => a.startMinute - b.startMinute).map((s) => s.name)).toEqual(['早班', '中班', '夜班']);
      expect((await other.db.select().from(products)).map((p) => p.name).sort()).toEqual(['0#柴油', '92#汽油', '95#汽油', '98#汽油']);
      expect((await other.db.select().from(areas)).map((a) => a.name).sort()).toEqual(['东亚', '山地与西部', '拉丁美洲', '得克萨斯', '欧洲', '海湾'].sort());
      expect((await other.db.select().from(users).where(eq(users.username, 'admin')))[0]!.nickname).toBe('管理员');
      // Codes stay codes: devices and links name stations by them.
      expect((await other.db.select().from(stations)).map((s) => s.code).sort()).toEqual(DEMO_COMPANIES.flatMap((c) => c.stations.map((s) => s.code)).sort());
    } finally {
      await other.close();
    }
  });

  it('a server started in English keeps the demo’s English words', async () => {
    const shifts = await ctx.db.select({ name: stationShifts.name }).from(stationShifts).innerJoin(stations, eq(stations.id, stationShifts.stationId)).where(eq(stations.code, 'NWP-SZ02'));
    expect(shifts.map((s) => s.name).sort()).toEqual(['Afternoon', 'Morning', 'Night']);
    expect((await ctx.db.select().from(stations).where(eq(stations.code, 'NWP-SH01')))[0]!.name).toBe('Shanghai Pudong');
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
