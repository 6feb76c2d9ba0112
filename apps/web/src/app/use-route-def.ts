import { useLocation } from 'react-router';
import type { RouteDef } from './route-types';
import { routeByPath } from './routes';

/** The route-table entry of the current location, if it has one (no route has parameters). */
export function useRouteDef(): RouteDef | undefined {
  return routeByPath(useLocation().pathname);
}
