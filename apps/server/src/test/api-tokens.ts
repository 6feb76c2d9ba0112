import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { CODES } from '@ullage/contracts/codes';
import type { ApiScope } from '@ullage/domain/api-scopes';
import { alarms, deliveries, users } from '../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from './harness';
import { addSecondOrganisation, SECOND_ORGANISATION_PASSWORD, type SecondOrganisation } from './second-organisation';

type Envelope<T = unknown> = { code: number; msg: string; data: T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A test file's app for API tokens (issue 38): the demo accounts and another organisation's
 * company signed in, a delivery and the means to make ended alarms on the demo station (in every
 * demo role's scope), and calls as a person or with a token. Registers its beforeAll/afterAll, so
 * it is called at a file's top level.
 */
export function apiTokenApp(options: { callsPerMinute: number }) {
  let ctx: TestContext;
  const cookie: Record<string, string> = {};
  const fixture = { station: 0, tank: 0, delivery: 0, other: undefined as unknown as SecondOrganisation, place: { distributorId: 0, companyId: 0 } };
  let serial = 0;

  async function as<T = unknown>(who: string, method: Method, url: string, payload?: object, language = 'en') {
    const response = await ctx.app.inject({ method, url, payload, headers: { cookie: cookie[who]!, language } });
    return { status: response.statusCode, ...(response.json() as Envelope<T>) };
  }

  async function withToken<T = unknown>(token: string, method: Method, url: string, payload?: object, language = 'en') {
    const response = await ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, language } });
    return { status: response.statusCode, headers: response.headers, ...(response.json() as Envelope<T>) };
  }

  /** A service account of `who`'s organisation with one token of these scopes. */
  async function tokenOf(who: string, scopes: ApiScope[], expiresInDays: number | null = 30): Promise<{ token: string; account: number; tokenId: number; name: string }> {
    const made = await as<{ id: number }>(who, 'POST', '/api/service-accounts', { name: `machine ${++serial}`, description: 'test' });
    expect(made.code, JSON.stringify(made)).toBe(CODES.ok);
    const name = `token ${serial}`;
    const token = await as<{ token: string; row: { id: number } }>(who, 'POST', `/api/service-accounts/${made.data.id}/tokens`, { name, scopes, expiresInDays });
    expect(token.code, JSON.stringify(token)).toBe(CODES.ok);
    return { token: token.data.token, account: made.data.id, tokenId: token.data.row.id, name };
  }

  /** A level alarm of the demo station that has ended and is not processed. */
  async function endedAlarm(): Promise<number> {
    const at = Date.now() - 86_400_000 - ++serial * 60_000;
    const [row] = await ctx.db
      .insert(alarms)
      .values({ ...fixture.place, stationId: fixture.station, kind: 'level', tankId: fixture.tank, code: 10, source: 'device', startedAt: new Date(at), endedAt: new Date(at + 30_000) })
      .returning({ id: alarms.id });
    return row!.id;
  }

  beforeAll(async () => {
    ctx = await startTestApp({ config: { apiTokenCallsPerMinute: options.callsPerMinute } });
    fixture.other = await addSecondOrganisation(ctx.db);
    cookie.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
    for (const who of ['demo-distributor', 'demo-company', 'demo-station']) cookie[who] = await signIn(ctx.app, who, DEMO_PASSWORD);
    cookie['pampa-company'] = await signIn(ctx.app, 'pampa-company', SECOND_ORGANISATION_PASSWORD);
    const [own] = await ctx.db.select({ stationId: users.stationId, distributorId: users.distributorId, companyId: users.companyId }).from(users).where(eq(users.username, 'demo-station'));
    fixture.station = own!.stationId!;
    fixture.place = { distributorId: own!.distributorId!, companyId: own!.companyId! };
    fixture.tank = (await as<{ id: number }[]>('admin', 'GET', `/api/station/${fixture.station}/tanks`)).data[0]!.id;
    const at = Date.now() - 2 * 86_400_000;
    const [d] = await ctx.db
      .insert(deliveries)
      .values({ ...fixture.place, stationId: fixture.station, tankId: fixture.tank, startedAt: new Date(at), lastRiseAt: new Date(at + 1_800_000), endedAt: new Date(at + 2_400_000), startVolumeL: 2_000, endVolumeL: 6_000 })
      .returning({ id: deliveries.id });
    fixture.delivery = d!.id;
  }, 120_000);
  afterAll(() => ctx?.close());

  return { ctx: () => ctx, fixture, as, withToken, tokenOf, endedAlarm };
}
