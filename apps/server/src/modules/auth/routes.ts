import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, loginConfig, loginResult, sessionUser } from '@ullage/contracts/auth';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { userOf } from '../../plugins/auth';
import { notLoggedIn } from '../../plugins/errors';
import { ok, okInfo } from '../../plugins/envelope';
import { findUserById } from '../user/service';
import { CAPTCHA_COOKIE, issueCaptcha, type CaptchaTextSource } from './captcha';
import { login, logout } from './service';
import { buildSessionUser } from './session-user';
import { sha256 } from '../../lib/tokens';
import { SESSION_COOKIE } from '../../sessions/session-cookie';
import { casTicketOf } from '../../sessions/session-repo';
import { casLogoutUrl } from '@ullage/domain/cas';
import { isLanguage } from '@ullage/domain/languages';
import { rememberLanguage } from '../mail-digest/service';

const logoutInfo = resultInfo.extend({ casLogoutUrl: z.string().optional() });

export interface AuthRouteOptions {
  db: Db;
  bus: LiveBus;
  config: Config;
  captchaSource: CaptchaTextSource;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { db, bus, config, captchaSource }) => {
  const cookieBase = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.get(
    '/login/config',
    { config: { public: true }, schema: { tags: ['login'], summary: 'What the login page needs', response: { 200: envelopeOf(loginConfig) } } },
    async (request) =>
      ok(request, {
        captchaEnabled: config.captcha,
        casEnabled: config.cas !== null,
        defaultLanguage: config.defaultLanguage,
        loginTitle: config.loginTitle,
        appDownloadUrl: config.appDownloadUrl,
      }),
  );

  app.get(
    '/login/captcha',
    { config: { public: true }, schema: { tags: ['login'], summary: 'A verification code image (SVG), bound to the visitor by a cookie' } },
    async (_request, reply) => {
      const captcha = await issueCaptcha(db, captchaSource);
      return reply
        .setCookie(CAPTCHA_COOKIE, captcha.id, { ...cookieBase, path: '/api/login', maxAge: 300 })
        .header('cache-control', 'no-store')
        .type('image/svg+xml')
        .send(captcha.svg);
    },
  );

  app.post(
    '/login/auth',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['login'], summary: 'Sign in (JSON or form)', body: loginBody, response: { 200: envelopeOf(loginResult) } },
    },
    async (request, reply) => {
      const outcome = await login(request.body, {
        db,
        captchaEnabled: config.captcha,
        captchaId: request.cookies[CAPTCHA_COOKIE],
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        idleMinutes: config.sessionIdleMinutes,
      });
      reply.setCookie(SESSION_COOKIE, outcome.token, cookieBase).clearCookie(CAPTCHA_COOKIE, { path: '/api/login' });
      return ok(request, { result: 'success' as const, passwordUnsafe: outcome.passwordUnsafe });
    },
  );

  app.get(
    '/login/getInfo',
    { schema: { tags: ['login'], summary: 'The signed-in user, menus and permissions', response: { 200: envelopeOf(sessionUser) } } },
    async (request) => {
      const user = await findUserById(db, userOf(request).id);
      if (!user) throw notLoggedIn();
      // The app asks for the user once per page load, in the language it shows: e-mails follow it.
      const language = request.headers.language;
      if (isLanguage(language)) await rememberLanguage(db, user.id, language);
      return ok(request, await buildSessionUser(db, user));
    },
  );

  app.post(
    '/login/logout',
    {
      config: { public: true },
      schema: { tags: ['login'], summary: 'Sign out: the session ends on the server', response: { 200: infoEnvelopeOf(logoutInfo) } },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      // A CAS sign-in is ended at the CAS server too: the client follows casLogoutUrl.
      const casTicket = token && config.cas ? await casTicketOf(db, sha256(token)) : null;
      await logout(db, bus, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      const info = casTicket && config.cas ? { result: 'success' as const, casLogoutUrl: casLogoutUrl(config.cas.url, new URL('/login', config.cas.serviceUrl).href) } : { result: 'success' as const };
      return okInfo(request, info, 'auth.loggedOut');
    },
  );
};

