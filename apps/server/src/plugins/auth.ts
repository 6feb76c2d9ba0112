import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { AuthUser } from '../sessions/auth-user';
import { findLiveSession, touchSession } from '../sessions/session-repo';
import { sha256 } from '../lib/tokens';
import { SESSION_COOKIE } from '../sessions/session-cookie';
import { CODES } from '@ullage/contracts/codes';
import { may, type Action } from '@ullage/domain/roles';
import { sessionTiming } from '@ullage/domain/session-idle';
import type { LiveBus } from '../live/bus';
import { SessionWatch } from '../live/session-watch';
import { AppError, forbidden, notLoggedIn } from './errors';
import { ApiTokenAuth, bearerTokenOf, type TokenCall } from './api-token-auth';
import { scopeForCall, WRITE_SCOPES, type ApiScope } from '@ullage/domain/api-scopes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every non-public /api route, null on public ones. */
    user: AuthUser | null;
    sessionTokenHash: string | null;
    /** Set when the call was made with an API token instead of a session (issue 38). */
    apiToken: TokenCall | null;
  }
  interface FastifyInstance {
    /** Ends live streams (SSE) whose session has ended; feeds registered after the auth plugin use it. */
    sessionWatch: SessionWatch;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /**
     * The action of the role table (packages/domain/src/roles.ts) this route takes: a role
     * without it is refused with 80003 before the handler runs. Unset: every
     * signed-in user (reading follows the scope; one's own settings are one's own).
     */
    may?: Action;
  }
  interface FastifySchema {
    /** A route's `config.may`, copied into its OpenAPI operation. */
    'x-may'?: Action;
    /** The scope an API token needs for the route; 'none': no token may call it. */
    'x-scope'?: ApiScope | 'none';
  }
}

/** What a user whose password was reset may do before changing it. */
const ALLOWED_BEFORE_CHANGE = new Set(['/api/login/getInfo', '/api/login/logout', '/api/user/checkPwd', '/api/user/updatePwd']);


/**
 * Authentication is one hook on the whole /api tree, not a line in each handler: a route is
 * private unless its config says `public: true`. So is the role check: a route's `may`.
 */
export interface AuthOptions {
  db: Db;
  bus: LiveBus;
  idleMinutes: number;
  /** Calls an API token may make a minute, on each instance. */
  tokenCallsPerMinute: number;
  /** Records a change made with a token (the audit log is a module's; core cannot call it). */
  onTokenWrite: (user: AuthUser, call: TokenCall, details: { method: string; route: string; status: number }) => Promise<void>;
}

export const authPlugin = fp<AuthOptions>(async (app, { db, bus, idleMinutes, tokenCallsPerMinute, onTokenWrite }) => {
  const tokens = new ApiTokenAuth(db, tokenCallsPerMinute);
  // Touching the session row on every call would make every read a write (the rule: sessionTiming).
  const { touchAfterMs, streamCheckMs } = sessionTiming(idleMinutes);
  const sessionWatch = new SessionWatch(db, streamCheckMs, app.log, bus);
  app.decorate('sessionWatch', sessionWatch);
  app.addHook('onClose', async () => sessionWatch.stop());
  // The OpenAPI document names each route's action (`x-may`), for integrators and for the test
  // that walks the role table over every route (modules/scope/role-table.test.ts).
  app.addHook('onRoute', (route) => {
    const action = route.config?.may;
    if (action !== undefined) route.schema = { ...route.schema, 'x-may': action };
    // And how a caller proves who it is (issue 38): a session cookie or an API token holding
    // the operation's scope (`x-scope`); calls no token may make name the session alone.
    if (route.config?.public || !route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const scope = scopeForCall(method, route.url, action);
      route.schema = { ...route.schema, 'x-scope': scope ?? 'none', security: scope === null ? [{ session: [] }] : [{ session: [] }, { bearer: [scope] }] };
    }
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiToken', null);
  // A machine's call (issue 38): the token stands instead of a session, never beside one. It is
  // checked before the body is, so that a token without the scope learns nothing of the call's
  // rules, and so that every write it attempts, well-formed or not, reaches the audit log.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public || !request.routeOptions.url) return;
    const bearer = bearerTokenOf(request.headers.authorization);
    if (bearer === undefined) return;
    const grant = await tokens.authenticate(request, reply, bearer, request.routeOptions.config.may);
    request.user = grant.user;
    request.apiToken = grant.call;
  });
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    // Routes that are not found fall through to the envelope's 404 handler.
    if (!request.routeOptions.url) return;
    if (request.apiToken) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw notLoggedIn();
    const tokenHash = sha256(token);
    const session = await findLiveSession(db, tokenHash);
    if (!session) throw notLoggedIn();
    if (Date.now() - session.lastSeenAt.getTime() > touchAfterMs) await touchSession(db, tokenHash, idleMinutes);
    if (session.user.mustChangePassword && !ALLOWED_BEFORE_CHANGE.has(request.routeOptions.url)) {
      throw new AppError(CODES.forbidden, 'auth.mustChangePassword');
    }
    const action = request.routeOptions.config.may;
    if (action !== undefined && !may(session.user.accountType, action)) throw forbidden();
    request.user = session.user;
    request.sessionTokenHash = tokenHash;
  });
  // Every use of a write scope is in the audit log, refused or not: whoever holds the token
  // answers for what it tried. Written as the answer goes out (its status is known then), so
  // the row is there by the time the caller reads the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const call = request.apiToken;
    if (!call || !request.user || !WRITE_SCOPES.includes(call.scope)) return payload;
    await onTokenWrite(request.user, call, { method: request.method, route: request.url.split('?')[0]!, status: reply.statusCode }).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not record an API token write in the audit log'),
    );
    return payload;
  });
});

/** For handlers of private routes: the hook guarantees a user. */
export function userOf(request: { user: AuthUser | null }): AuthUser {
  if (!request.user) throw notLoggedIn();
  return request.user;
}
