import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { casLoginUrl, parseLogoutRequest } from '@ullage/domain/cas';
import { isMobileUserAgent } from '@ullage/domain/user-agent';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { sessionsEnded } from '../../live/session-ends';
import { SESSION_COOKIE } from '../../sessions/session-cookie';
import { endSessionOfTicket } from './repo';
import { casSignIn, type CasRefusal } from './service';

const tags = ['login: CAS'];
const refused = (reason: CasRefusal) => `/login?casError=${reason}`;

/**
 * Single sign-on through CAS (issue 10). The browser goes /caslogin → /api/cas/login → the
 * CAS login → back to /api/cas/callback?ticket=…, which is CAS_SERVICE_URL. The CAS server
 * also POSTs single-logout requests to that same URL.
 */
export const casRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus; config: Config }> = async (app, { db, bus, config }) => {
  const cookieBase = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.get('/cas/login', { config: { public: true }, schema: { tags, summary: 'Redirects to the CAS server’s login with this platform as the service' } }, async (_request, reply) => {
    if (!config.cas) return reply.redirect(refused('notConfigured'));
    return reply.redirect(casLoginUrl(config.cas.url, config.cas.serviceUrl));
  });

  app.get(
    '/cas/callback',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: 'The return from CAS: validates the ticket and starts a session', querystring: z.object({ ticket: z.string().max(300).optional() }) },
    },
    async (request, reply) => {
      const outcome = await casSignIn(request.query.ticket, {
        db,
        cas: config.cas,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        idleMinutes: config.sessionIdleMinutes,
      });
      if (!outcome.ok) {
        request.log.warn({ reason: outcome.reason, detail: outcome.detail, casUser: outcome.casUser }, 'CAS sign-in refused');
        return reply.redirect(refused(outcome.reason));
      }
      request.log.info({ userId: outcome.userId, casUser: outcome.casUser }, 'CAS sign-in');
      reply.setCookie(SESSION_COOKIE, outcome.token, cookieBase);
      // Through /caslogin: the web app records that this browser is signed in (spec §4
      // hasLogin), then lands on /home, or /realAlarm on a phone.
      const landing = isMobileUserAgent(request.headers['user-agent']) ? '/realAlarm' : '/home';
      return reply.redirect(`/caslogin?next=${encodeURIComponent(landing)}`);
    },
  );

  app.post(
    '/cas/callback',
    {
      config: { public: true },
      schema: { tags, summary: 'CAS single logout: ends the session the named ticket opened', body: z.object({ logoutRequest: z.string().max(20_000) }).partial() },
    },
    async (request, reply) => {
      const ticket = parseLogoutRequest(request.body?.logoutRequest ?? '');
      const ended = ticket && config.cas ? await endSessionOfTicket(db, ticket) : 0;
      request.log.info({ ticket, ended }, 'CAS single logout');
      if (ended > 0) sessionsEnded(bus);
      return reply.type('text/plain').send('ok');
    },
  );
};
