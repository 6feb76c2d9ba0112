import type { Db } from '../db/client';
import { companies, distributors, products, stations, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';

/** The password of the second organisation's company account, `pampa-company`. */
export const SECOND_ORGANISATION_PASSWORD = 'Pampa#2026ok';

export interface SecondOrganisation {
  distributorId: number;
  companyId: number;
  stationId: number;
  productId: number;
  /** A company account of the second organisation. */
  accountId: number;
}

/**
 * Another distributor beside the demo one, with a company, a station, a product and an
 * account, written straight to the database: the organisation other roles must not reach.
 */
export async function addSecondOrganisation(db: Db): Promise<SecondOrganisation> {
  const [d] = await db.insert(distributors).values({ name: 'Pampa Combustibles', country: 'Argentina' }).returning({ id: distributors.id });
  const distributorId = d!.id;
  const [c] = await db.insert(companies).values({ distributorId, name: 'Pampa Sur', code: 'PMP' }).returning({ id: companies.id });
  const companyId = c!.id;
  const [s] = await db
    .insert(stations)
    .values({ distributorId, companyId, name: 'Buenos Aires Palermo', code: 'PMP-BA01', taxNumber: '30-71234567-8', timezone: 'America/Argentina/Buenos_Aires' })
    .returning({ id: stations.id });
  const [p] = await db.insert(products).values({ distributorId, name: 'Nafta Súper', code: 'PMP-NS', type: 'gasoline', color: '#0055aa' }).returning({ id: products.id });
  const [u] = await db
    .insert(users)
    .values({ username: 'pampa-company', nickname: 'Pampa company', passwordHash: await hashPassword(SECOND_ORGANISATION_PASSWORD), accountType: ACCOUNT_TYPES.company, distributorId, companyId })
    .returning({ id: users.id });
  return { distributorId, companyId, stationId: s!.id, productId: p!.id, accountId: u!.id };
}
