import { phoneCounterpart } from './phone-counterparts';
import type { RouteDef } from './route-types';

/**
 * Redirect rules of spec §2, decided from the route and what the browser knows. Route access
 * depends on being signed in or not; the menu list only decides where "home" is, which needs
 * getInfo, hence the separate 'landing' answer.
 */
export type AccessDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /**
   * Go to the user's landing route: the page they were sent away from, else `fallback`, else
   * home or the first permitted one. Phones land on /realAlarm.
   */
  | { kind: 'landing'; fallback?: string };

export const LOGIN_PATH = '/login';
export const MOBILE_LOGIN_PATH = '/loginMobile';
export const MOBILE_HOME_PATH = '/realAlarm';
export const NOT_FOUND_PATH = '/404';

export interface AccessInput {
  route: RouteDef;
  signedIn: boolean;
  isMobile: boolean;
  /** Looks up the route a phone variant names. */
  resolve: (name: string) => RouteDef | undefined;
  /** The address's query string (`?stationId=6`), carried to a phone counterpart. */
  search?: string;
}

export function decideAccess({ route, signedIn, isMobile, resolve, search = '' }: AccessInput): AccessDecision {
  if (route.name === 'login') {
    if (signedIn) return isMobile ? { kind: 'landing', fallback: MOBILE_HOME_PATH } : { kind: 'landing' };
    // Phones get the login page made for them.
    return isMobile ? { kind: 'redirect', to: MOBILE_LOGIN_PATH } : { kind: 'render' };
  }
  if (route.name === 'loginMobile') {
    return signedIn ? { kind: 'landing', fallback: MOBILE_HOME_PATH } : { kind: 'render' };
  }
  if (!route.requiresSignIn) return { kind: 'render' };
  // A phone goes straight to its own sign-in: through /login it would take a second hop, and
  // that hop would overwrite the page it asked for (remembered for after the sign-in).
  if (!signedIn) return { kind: 'redirect', to: route.mobile || isMobile ? MOBILE_LOGIN_PATH : LOGIN_PATH };
  // Phones get the phone counterpart of a desktop page, or a page saying it needs a larger screen.
  const counterpart = isMobile ? phoneCounterpart(route, search, resolve) : null;
  if (counterpart) return { kind: 'redirect', to: counterpart };
  return { kind: 'render' };
}

/** Only same-site paths are followed after login, never an address an attacker put in the link. */
export function safeRedirectTarget(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(LOGIN_PATH) || value.startsWith(MOBILE_LOGIN_PATH)) return null;
  return value;
}
