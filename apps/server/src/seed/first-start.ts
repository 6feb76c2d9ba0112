import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import { isStrongPassword } from '@ullage/domain/password';
import { cylinderStrappingTable, horizontalCylinderVolume } from '@ullage/domain/strapping';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { areas, companies, distributors, products, stationShifts, stations, tanks } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { newToken, sha256 } from '../lib/tokens';
import { countUsers, insertUser } from '../modules/user/repo';
import { DEMO_COMPANIES, DEMO_DISTRIBUTOR, DEMO_PRODUCTS, DEMO_SHIFTS, DEMO_TANK_SIZES } from './demo-organisation';
import { demoLogoDataUrl } from './demo-logo';
import { demoWords, type DemoWords } from './demo-words';
import { generatePassword } from './generated-password';

export interface FirstStartResult {
  /** False when the database already had users: nothing was created. */
  created: boolean;
  adminPassword?: { value: string; generated: boolean };
  demoPassword?: { value: string; generated: boolean };
  demoStations?: number;
}

/** On an empty database: the administrator and, unless DEMO=off, the demo organisation, in the server's DEFAULT_LANGUAGE. */
export async function firstStart(db: Db, config: Config): Promise<FirstStartResult> {
  if ((await countUsers(db)) > 0) return { created: false };
  return db.transaction(async (tx) => {
    const trx = tx as unknown as Db;
    // Instances started together on an empty database: one seeds, the others wait here, then find its users.
    await trx.execute(sql`select pg_advisory_xact_lock(727003)`);
    if ((await countUsers(trx)) > 0) return { created: false };
    const admin = config.adminPassword ?? generatePassword();
    await insertUser(trx, {
      username: 'admin',
      nickname: demoWords(config.defaultLanguage)?.nicknames.admin ?? 'Administrator',
      passwordHash: await hashPassword(admin),
      accountType: ACCOUNT_TYPES.admin,
      passwordUnsafe: !isStrongPassword(admin),
    });
    const result: FirstStartResult = { created: true, adminPassword: { value: admin, generated: !config.adminPassword } };
    if (config.demo === 'on') {
      const demo = config.demoPassword ?? generatePassword();
      result.demoStations = await createDemoOrganisation(trx, demo, demoWords(config.defaultLanguage));
      result.demoPassword = { value: demo, generated: !config.demoPassword };
    }
    return result;
  });
}

/** `words`: the demo's shift, product, area and station names in the server's language (null: English, as written). */
async function createDemoOrganisation(db: Db, password: string, words: DemoWords | null): Promise<number> {
  const [distributor] = await db.insert(distributors).values({ ...DEMO_DISTRIBUTOR, ...words?.distributor, logo: demoLogoDataUrl() }).returning({ id: distributors.id });
  const distributorId = distributor!.id;
  const productRows = await db
    .insert(products)
    .values(DEMO_PRODUCTS.map((p) => ({ ...p, name: words?.products[p.code] ?? p.name, distributorId })))
    .returning({ id: products.id, code: products.code });
  const productId = new Map(productRows.map((p) => [p.code, p.id]));

  let stationCount = 0;
  let firstStationId: number | undefined;
  let firstCompanyId: number | undefined;
  for (const c of DEMO_COMPANIES) {
    const { stations: demoStations, ...companyFields } = c;
    const [company] = await db.insert(companies).values({ ...companyFields, distributorId }).returning({ id: companies.id });
    const companyId = company!.id;
    firstCompanyId ??= companyId;
    const areaId = new Map<string, number>();
    for (const name of new Set(demoStations.map((s) => s.area))) {
      const [area] = await db.insert(areas).values({ name: words?.areas[name] ?? name, companyId, distributorId }).returning({ id: areas.id });
      areaId.set(name, area!.id);
    }
    for (const s of demoStations) {
      const { tanks: tankProducts, area, ...stationFields } = s;
      const [station] = await db
        .insert(stations)
        .values({
          ...stationFields,
          name: words?.stations[s.code] ?? s.name,
          distributorId,
          companyId,
          areaId: areaId.get(area)!,
          taxNumber: `TX-${s.code}`,
          phone: c.contactPhone,
          deviceType: 'ullage-collector',
          instrumentType: 'magnetostrictive',
          // A random key like any station's, shown to no one: the simulated fleet is given a
          // fresh one in-process at each start (demo-fleet.ts); an admin may rotate it to take
          // the station over.
          deviceKeyHash: sha256(newToken()),
          simulated: true,
        })
        .returning({ id: stations.id });
      const stationId = station!.id;
      firstStationId ??= stationId;
      stationCount++;
      if (!s.allDay) await db.insert(stationShifts).values(DEMO_SHIFTS.map((shift) => ({ ...shift, name: words?.shifts[shift.name] ?? shift.name, stationId })));
      await db.insert(tanks).values(
        tankProducts.map((code, i) => {
          const size = DEMO_TANK_SIZES[i % DEMO_TANK_SIZES.length]!;
          const h = size.diameterMm;
          return {
            distributorId,
            companyId,
            stationId,
            code: String(i + 1),
            productId: productId.get(code)!,
            heightMm: h,
            // Rounded up, so the strapping table (0.1 L steps) never exceeds the tank's volume.
            volumeL: Math.ceil(horizontalCylinderVolume(size.diameterMm, size.lengthMm, size.diameterMm)),
            diameterMm: size.diameterMm,
            probeAddress: String(i + 1),
            highOilAlarmMm: Math.round(h * 0.95),
            highOilWarnMm: Math.round(h * 0.9),
            lowOilWarnMm: Math.round(h * 0.15),
            lowOilAlarmMm: Math.round(h * 0.1),
            highWaterAlarmMm: 100,
            strapping: cylinderStrappingTable(size.diameterMm, size.lengthMm, 50),
          };
        }),
      );
    }
  }

  const passwordHash = await hashPassword(password);
  const passwordUnsafe = !isStrongPassword(password);
  await insertUser(db, { username: 'demo-distributor', nickname: words?.nicknames['demo-distributor'] ?? 'Demo distributor', passwordHash, passwordUnsafe, accountType: ACCOUNT_TYPES.distributor, distributorId, email: 'distributor@demo.ullage.invalid' });
  await insertUser(db, { username: 'demo-company', nickname: words?.nicknames['demo-company'] ?? 'Demo company', passwordHash, passwordUnsafe, accountType: ACCOUNT_TYPES.company, distributorId, companyId: firstCompanyId!, email: 'company@demo.ullage.invalid' });
  await insertUser(db, { username: 'demo-station', nickname: words?.nicknames['demo-station'] ?? 'Demo station', passwordHash, passwordUnsafe, accountType: ACCOUNT_TYPES.station, distributorId, companyId: firstCompanyId!, stationId: firstStationId!, email: null });
  return stationCount;
}
