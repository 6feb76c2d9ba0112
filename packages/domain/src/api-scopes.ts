import { may, type Action } from './roles';
import type { AccountType } from './organisation';

/**
 * What an API token may do (issue 38). A token acts as its service account, an account of the
 * organisation that made it, so the role table and the scope rules (who sees which stations)
 * apply to it exactly as to a person of that organisation. Its scopes narrow that further:
 * a call goes through only when the token holds the scope the call needs.
 *
 * Invariant: every route needs exactly one scope or none is enough (`null`: tokens are refused).
 */
export const API_SCOPES = ['read', 'alarms:read', 'alarms:process', 'tickets:write', 'devices:command', 'settings:manage'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scopes that change something: each use is written to the audit log. */
export const WRITE_SCOPES: readonly ApiScope[] = ['alarms:process', 'tickets:write', 'devices:command', 'settings:manage'];

/**
 * The actions of the role table a scope stands for. A scope with actions may be given only by
 * someone whose role takes at least one of them ("never more than the creator may do"); the
 * read scopes have none, every role reads its own scope.
 */
const SCOPE_ACTIONS: Readonly<Record<ApiScope, readonly Action[]>> = {
  read: [],
  'alarms:read': [],
  'alarms:process': ['alarm:process', 'offline:process'],
  'tickets:write': ['delivery:ticket'],
  'devices:command': ['device:command'],
  'settings:manage': [
    'station:manage',
    'area:manage',
    'company:manage',
    'distributor:edit',
    'distributor:manage',
    'product:manage',
    'user:manage',
    'tag:manage',
    'audit:read',
    'webhook:manage',
  ],
};

/**
 * Actions no token may take whatever its scopes: a token that could make tokens would outlive
 * its own revocation.
 */
const NEVER_BY_TOKEN: readonly string[] = ['token:manage'];

/** Calls about alarms: their lists and exports. */
const ALARM_PATHS = ['/api/alarm/'];

/**
 * The live streams (server-sent events) are a person's screen: a stream outlives the check at its
 * start, so a revoked token's would go on. Machines hear events through webhooks instead.
 */
const STREAM_PATHS = ['/api/sse-msg/', '/api/monitor/events'];

/**
 * The scope a call needs: its route's action decides when it has one; otherwise reading needs
 * `read` (or `alarms:read` for alarms), and a change that is one's own (password, photo, mail,
 * notice settings, sign-in) has no scope at all — a machine has no password to change.
 */
export function scopeForCall(method: string, routeUrl: string, action: Action | undefined): ApiScope | null {
  if (action !== undefined) {
    if (NEVER_BY_TOKEN.includes(action)) return null;
    const scope = API_SCOPES.find((s) => SCOPE_ACTIONS[s].includes(action));
    return scope ?? null;
  }
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (STREAM_PATHS.some((prefix) => routeUrl.startsWith(prefix))) return null;
  return ALARM_PATHS.some((prefix) => routeUrl.startsWith(prefix)) ? 'alarms:read' : 'read';
}

/** The scopes a role may put on a token: the read scopes, and each scope whose actions it takes at least one of. */
export function grantableScopes(accountType: AccountType): ApiScope[] {
  return API_SCOPES.filter((scope) => SCOPE_ACTIONS[scope].length === 0 || SCOPE_ACTIONS[scope].some((action) => may(accountType, action)));
}

/** Token lifetimes offered, in days; `null` never expires. */
export const TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365, null] as const;
export const MAX_TOKEN_LIFETIME_DAYS = 366;

/** The visible start of a token, to tell tokens apart in lists: `ullage_` and 6 characters. */
export const TOKEN_PREFIX = 'ullage_';
export function tokenHint(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}
