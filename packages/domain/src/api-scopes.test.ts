import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from './organisation';
import { API_SCOPES, grantableScopes, scopeForCall, tokenHint } from './api-scopes';

describe('scopeForCall: the scope a call needs', () => {
  it.each([
    ['GET', '/api/station/list', undefined, 'read'],
    ['GET', '/api/forecast/list', undefined, 'read'],
    ['GET', '/api/report/inventory/daily/export', undefined, 'read'],
    ['GET', '/api/alarm/list', undefined, 'alarms:read'],
    ['GET', '/api/alarm/export', undefined, 'alarms:read'],
    ['POST', '/api/alarm/process', 'alarm:process', 'alarms:process'],
    ['POST', '/api/report/offline/process', 'offline:process', 'alarms:process'],
    ['PUT', '/api/delivery/:id/ticket', 'delivery:ticket', 'tickets:write'],
    ['POST', '/api/device-commands/clock', 'device:command', 'devices:command'],
    ['GET', '/api/device-firmware', 'device:command', 'devices:command'],
    ['POST', '/api/area', 'area:manage', 'settings:manage'],
    ['GET', '/api/account/list', 'user:manage', 'settings:manage'],
    ['GET', '/api/audit/list', 'audit:read', 'settings:manage'],
    ['POST', '/api/webhooks', 'webhook:manage', 'settings:manage'],
  ] as const)('%s %s (%s) needs %s', (method, url, action, scope) => {
    expect(scopeForCall(method, url, action)).toBe(scope);
  });

  it.each([
    ['PUT', '/api/user/updatePwd', undefined],
    ['POST', '/api/userNoticeCfg/edit', undefined],
    ['POST', '/api/user/photo', undefined],
    ['GET', '/api/sse-msg/connect', undefined],
    ['GET', '/api/monitor/events', undefined],
    ['GET', '/api/service-accounts/list', 'token:manage'],
    ['POST', '/api/service-accounts', 'token:manage'],
  ] as const)('%s %s: no token may', (method, url, action) => {
    expect(scopeForCall(method, url, action)).toBeNull();
  });
});

describe('grantableScopes: never more than the maker may do', () => {
  it('the administrator, distributors and companies may grant every scope their role takes', () => {
    expect(grantableScopes(ACCOUNT_TYPES.admin)).toEqual([...API_SCOPES]);
    expect(grantableScopes(ACCOUNT_TYPES.distributor)).toEqual([...API_SCOPES]);
    expect(grantableScopes(ACCOUNT_TYPES.company)).toEqual([...API_SCOPES]);
  });
  it('a station account processes alarms and tickets but commands no device and manages no settings', () => {
    expect(grantableScopes(ACCOUNT_TYPES.station)).toEqual(['read', 'alarms:read', 'alarms:process', 'tickets:write']);
    expect(grantableScopes(ACCOUNT_TYPES.stationAttendant)).toEqual(['read', 'alarms:read']);
  });
});

it('tokenHint: the prefix and six characters', () => {
  expect(tokenHint('ullage_AbCdEfGhIjKl')).toBe('ullage_AbCdEf');
});
