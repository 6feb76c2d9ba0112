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

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every non-public /api route, null on public ones. */
    user: AuthUser | null;
    sessionTokenHash: string | null;
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
  }
}

/** What a user whose password was reset may do before changing it. */
const ALLOWED_BEFORE_CHANGE = new Set(['/api/login/getInfo', '/api/login/logout', '/api/user/checkPwd', '/api/user/updatePwd']);


/**
 * Authentication is one hook on the whole /api tree, not a line in each handler: a route is
 * private unless its config says `public: true`. So is the role check: a route's `may`.
 */
export const authPlugin = fp<{ db: Db; bus: LiveBus; idleMinutes: number }>(async (app, { db, bus, idleMinutes }) => {
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
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    // Routes that are not found fall through to the envelope's 404 handler.
    if (!request.routeOptions.url) return;
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
});

/** For handlers of private routes: the hook guarantees a user. */
export function userOf(request: { user: AuthUser | null }): AuthUser {
  if (!request.user) throw notLoggedIn();
  return request.user;
}
