import fp from 'fastify-plugin';
import { AppError } from './errors';
import { CODES } from '@ullage/contracts/codes';

/** Methods that change nothing (by HTTP's rules and ours) are not checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls no browser page of another site makes with the user's cookies: devices authenticate by
 * their key, and CAS single logout is posted by the CAS server itself.
 */
const NOT_CHECKED = ['/api/device/', '/api/cas/callback'];

export interface RequestOrigin {
  method: string;
  /** The browser's own word on where the call comes from; pages cannot set it. */
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** host[:port] the request was made to (X-Forwarded-Host from a trusted proxy). */
  host: string;
}

/**
 * Whether a state-changing call came from a page of another origin. SameSite=Lax cookies still
 * travel with a form another site on the same host (another port) posts, so the cookie is no
 * guard: a browser names the caller in Sec-Fetch-Site (all current ones) or at least in Origin,
 * and either must be this app. Calls carrying neither are not from a browser page (devices,
 * scripts, curl) and pass.
 */
export function isCrossOrigin({ method, secFetchSite, origin, host }: RequestOrigin): boolean {
  if (SAFE_METHODS.has(method)) return false;
  if (secFetchSite !== undefined) return secFetchSite !== 'same-origin' && secFetchSite !== 'none';
  if (origin === undefined) return false;
  try {
    // Origin leaves out its scheme's default port; a Host header may still carry it.
    const withoutDefaultPort = (h: string) => h.replace(/:(80|443)$/, '');
    return withoutDefaultPort(new URL(origin).host) !== withoutDefaultPort(host);
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) or garbage.
    return true;
  }
}

/** Refuses cross-origin state-changing /api calls with 80003 before anything else runs. */
export const sameOriginPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || NOT_CHECKED.some((prefix) => request.url.startsWith(prefix))) return;
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (isCrossOrigin({ method: request.method, secFetchSite: header('sec-fetch-site'), origin: header('origin'), host: request.host })) {
      request.log.info({ origin: header('origin'), secFetchSite: header('sec-fetch-site'), url: request.url }, 'refused a cross-origin call');
      throw new AppError(CODES.forbidden, 'auth.crossSite');
    }
  });
});
