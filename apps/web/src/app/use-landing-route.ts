import { useSessionUser } from '../lib/session-user';
import { landingRoute } from './menu';
import type { RouteDef } from './route-types';
import { ROUTES } from './routes';

/**
 * The page the signed-in user starts on: home, or — for an account without it (spec §6: a
 * station attendant) — its first permitted page. Pages outside the shell (the big screen) lead
 * back here rather than to a page the user does not have. Undefined until getInfo answers.
 */
export function useLandingRoute(): RouteDef | undefined {
  const menuList = useSessionUser().data?.menuList;
  return menuList ? landingRoute(ROUTES, menuList) : undefined;
}
