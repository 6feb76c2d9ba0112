import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CODES } from '@ullage/contracts/codes';
import { useSessionUser } from '../lib/session-user';
import { StatusPanel } from '../components/status-panel';
import { ApiError } from '../lib/api-client';
import { isMobileSession } from '../lib/device';
import { isOnline } from '../lib/online-status';
import { forgetRedirect, rememberRedirect, rememberedRedirect } from '../lib/session-flags';
import { LOGIN_PATH, MOBILE_HOME_PATH, MOBILE_LOGIN_PATH, NOT_FOUND_PATH, decideAccess, safeRedirectTarget } from './access';
import { groupLandingPath, isPermitted, landingPath } from './menu';
import { RoutePage } from './page-host';
import type { MenuGroupId, RouteDef } from './route-types';
import { ROUTES, routeByName } from './routes';
import { useSignedIn } from './use-signed-in';

/**
 * Route guards (spec §2, §4). Access depends on being signed in (the stored flag); the user
 * info is fetched before anything behind sign-in renders, and a 30001 answer to that fetch
 * makes the API client clear the flag and reload.
 */

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  // The installed app opened without a network (service worker): say why nothing can be shown.
  const text = isOnline() ? undefined : t('common.error.offlineText');
  return <StatusPanel title={t('common.error.network')} text={text} actionLabel={t('common.action.retry')} onAction={onRetry} />;
}

/** Renders its children once getInfo has answered. */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSessionUser();
  if (session.data) return children;
  if (session.isError) {
    // 30001: the client is already reloading the page into the login screen.
    if (session.error instanceof ApiError && session.error.code === CODES.sessionInvalid) return null;
    return <SessionError onRetry={() => void session.refetch()} />;
  }
  return null;
}

/** Sends a signed-out visitor to a login page, remembering where they wanted to go. */
function ToLogin({ to }: { to: string }) {
  const location = useLocation();
  // Idempotent, so running during render (twice under StrictMode) is harmless.
  rememberRedirect(`${location.pathname}${location.search}`);
  return <Navigate to={to} replace />;
}

function Redirect({ to }: { to: string }) {
  return to === LOGIN_PATH || to === MOBILE_LOGIN_PATH ? <ToLogin to={to} /> : <Navigate to={to} replace />;
}

function LandingNavigate({ fallback }: { fallback: string | null }) {
  const { data: user } = useSessionUser();
  const remembered = safeRedirectTarget(rememberedRedirect());
  useEffect(() => forgetRedirect(), []);
  const target = remembered ?? fallback ?? landingPath(ROUTES, user?.menuList ?? []);
  return <Navigate to={target} replace />;
}

/**
 * Where a signed-in user goes from /, /login or /loginMobile: the page they were sent away
 * from, else `fallback`, else home or the first permitted route (needs the menu list).
 */
export function LandingRedirect({ fallback = null }: { fallback?: string | null }) {
  return (
    <SessionGate>
      <LandingNavigate fallback={fallback} />
    </SessionGate>
  );
}

/** `/`: spec §2 sends it to home; a phone's home is the mobile one. */
export function IndexRedirect() {
  const signedIn = useSignedIn();
  const isMobile = isMobileSession();
  if (signedIn) return <LandingRedirect fallback={isMobile ? MOBILE_HOME_PATH : null} />;
  return <Navigate to={isMobile ? MOBILE_LOGIN_PATH : LOGIN_PATH} replace />;
}

/**
 * Spec §6: a user's routes are filtered by their menu list, so a page whose menu they lack
 * does not exist for them (the 404 page), even typed into the address bar. The server refuses
 * the data anyway; this keeps them from an empty page and a permission toast.
 */
export function MenuGate({ def, children }: { def: RouteDef | undefined; children: ReactNode }) {
  const { data: user } = useSessionUser();
  if (def && !isPermitted(def, user?.menuList ?? [])) return <Navigate to={NOT_FOUND_PATH} replace />;
  return children;
}

/** A route outside the shells (login pages, 404, /app, /screenfull). */
export function RouteGate({ def }: { def: RouteDef }) {
  const signedIn = useSignedIn();
  const { search } = useLocation();
  const decision = decideAccess({ route: def, signedIn, isMobile: isMobileSession(), resolve: routeByName, search });
  // Signed in on a login page: the remembered page wins over the (mobile) home.
  if (decision.kind === 'landing') return <LandingRedirect fallback={decision.fallback ?? null} />;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  const page = <RoutePage def={def} />;
  return def.requiresSignIn ? (
    <SessionGate>
      <MenuGate def={def}>{page}</MenuGate>
    </SessionGate>
  ) : (
    page
  );
}

/** Decides for a route inside a shell before the shell's code is even fetched. */
export function useShellAccess(def: RouteDef | undefined): ReactNode | null {
  const signedIn = useSignedIn();
  const { search } = useLocation();
  if (!def) return signedIn ? null : <Redirect to={LOGIN_PATH} />;
  const decision = decideAccess({ route: def, signedIn, isMobile: isMobileSession(), resolve: routeByName, search });
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  if (decision.kind === 'landing') return <LandingRedirect fallback={decision.fallback ?? null} />;
  return null;
}

function GroupNavigate({ group }: { group: MenuGroupId }) {
  const { data: user } = useSessionUser();
  const menuList = user?.menuList ?? [];
  return <Navigate to={groupLandingPath(ROUTES, group, menuList) ?? landingPath(ROUTES, menuList)} replace />;
}

/** `/Analysis` and the other group paths open the group's first permitted page. */
export function GroupRedirect({ group }: { group: MenuGroupId }) {
  const signedIn = useSignedIn();
  if (!signedIn) return <Redirect to={LOGIN_PATH} />;
  return (
    <SessionGate>
      <GroupNavigate group={group} />
    </SessionGate>
  );
}
