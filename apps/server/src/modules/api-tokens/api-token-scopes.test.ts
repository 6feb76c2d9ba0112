import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { CODES, SUCCESS_CODES } from '@ullage/contracts/codes';
import { API_SCOPES, type ApiScope } from '@ullage/domain/api-scopes';
import { apiTokenApp } from '../../test/api-tokens';

/**
 * The scope matrix of API tokens (issue 38): every scope × role, and another organisation. A
 * token acts as an account of its organisation, only within its scopes.
 */
const { ctx, fixture, as, withToken, tokenOf, endedAlarm } = apiTokenApp({ callsPerMinute: 600 });

/** One call that needs each scope, harmless to repeat, on the demo station (in every demo role's scope). */
const CALL_OF: Record<ApiScope, () => Promise<{ method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }>> = {
  read: async () => ({ method: 'GET', url: '/api/station/list' }),
  'alarms:read': async () => ({ method: 'GET', url: '/api/alarm/list?kind=level' }),
  // A processed alarm is not processed again: a new one each time.
  'alarms:process': async () => ({ method: 'POST', url: '/api/alarm/process', payload: { ids: [await endedAlarm()], note: 'Float cleaned' } }),
  'tickets:write': async () => ({ method: 'PUT', url: `/api/delivery/${fixture.delivery}/ticket`, payload: { volumeL: 4_000, ticketNo: 'BOL-7' } }),
  'devices:command': async () => ({ method: 'GET', url: '/api/device-firmware' }),
  'settings:manage': async () => ({ method: 'PUT', url: `/api/station/${fixture.station}/shifts`, payload: { shifts: [{ name: 'Day', start: '06:00' }, { name: 'Night', start: '18:00' }] } }),
};

describe('the scope matrix: every scope × role, and another organisation', () => {
  const roles = ['admin', 'demo-distributor', 'demo-company'];
  it.each(roles.flatMap((who) => API_SCOPES.map((scope) => [who, scope] as const)))('%s’s token with only %s', async (who, scope) => {
    const { token } = await tokenOf(who, [scope]);
    for (const needed of API_SCOPES) {
      const call = await CALL_OF[needed]();
      const answer = await withToken(token, call.method, call.url, call.payload);
      const label = `${call.method} ${call.url} → ${answer.status} ${answer.msg}`;
      if (needed === scope) expect(SUCCESS_CODES, label).toContain(answer.code);
      else {
        expect([answer.status, answer.code], label).toEqual([403, CODES.forbidden]);
        expect(answer.msg).toBe(`The API token does not have the scope this call needs (${needed})`);
      }
    }
  });

  it('a token reads exactly what a person of its organisation reads, and nothing of another', async () => {
    const { token } = await tokenOf('demo-company', ['read', 'settings:manage']);
    const byToken = await withToken<{ list: { id: number }[]; total: number }>(token, 'GET', '/api/station/list?pageSize=100');
    const byPerson = await as<{ list: { id: number }[]; total: number }>('demo-company', 'GET', '/api/station/list?pageSize=100');
    expect(byToken.data.list.map((s) => s.id)).toEqual(byPerson.data.list.map((s) => s.id));
    expect(byToken.data.total).toBeGreaterThan(0);
    expect(byToken.data.list.map((s) => s.id)).not.toContain(fixture.other.stationId);
    expect(await withToken(token, 'GET', `/api/station/${fixture.other.stationId}`)).toMatchObject({ status: 404, code: CODES.notFound });
    const shifts = async () => (await rawRows<{ n: number }>(ctx().db, sql`select count(*)::int as n from station_shifts where station_id = ${fixture.other.stationId}`))[0]!.n;
    const before = await shifts();
    const foreignWrite = await withToken(token, 'PUT', `/api/station/${fixture.other.stationId}/shifts`, { shifts: [{ name: 'Day', start: '06:00' }] });
    expect(foreignWrite.code).toBe(CODES.notFound);
    expect(await shifts()).toBe(before);
    // Another organisation's company token reads its own station and none of the demo's.
    const theirs = await tokenOf('pampa-company', ['read']);
    const their = await withToken<{ list: { id: number }[] }>(theirs.token, 'GET', '/api/station/list?pageSize=100');
    expect(their.data.list.map((s) => s.id)).toEqual([fixture.other.stationId]);
  });

  it('the role still decides: a distributor’s settings token may not do what a distributor may not', async () => {
    const { token } = await tokenOf('demo-distributor', ['settings:manage', 'read']);
    const tags = await withToken(token, 'GET', '/api/tag/list');
    expect([tags.status, tags.code, tags.msg]).toEqual([403, CODES.forbidden, 'You do not have permission to do this']);
  });

  it('one’s own settings, sign-in and token management are no token’s business', async () => {
    const { token } = await tokenOf('admin', [...API_SCOPES]);
    for (const [method, url, payload] of [
      ['PUT', '/api/user/updatePwd', { oldPassword: 'x', newPassword: 'Another#2026' }],
      ['POST', '/api/userNoticeCfg/edit', { userId: 1, mailSendFrq: 1, typeReferList: [] }],
      ['GET', '/api/service-accounts/list', undefined],
      ['POST', '/api/service-accounts', { name: 'escape' }],
    ] as const) {
      const answer = await withToken(token, method, url, payload);
      expect([answer.status, answer.code, answer.msg], `${method} ${url}`).toEqual([403, CODES.forbidden, 'This call cannot be made with an API token']);
    }
  });
});
