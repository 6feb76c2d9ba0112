import type { RouteDef } from './route-types';

/**
 * Where a phone is sent when it opens a desktop page (a shared link, a bookmark): the desktop
 * pages need 1024 px (spec §2), and cropped into a phone's 390 px they are unusable. A page
 * with a phone counterpart goes there, keeping the station it was opened for; any other goes
 * to a phone page saying it needs a larger screen, with a way back.
 */
export const LARGER_SCREEN_PATH = '/largerScreen';

/** The phone page standing for a desktop one, by route name; the query string is the desktop page's. */
const COUNTERPARTS: Readonly<Record<string, (search: URLSearchParams) => string>> = {
  // The dashboard's fleet-wide stock, drilled by area and station on the phone.
  home: () => '/invertory',
  before_single_monitor: stationOrInventory,
  single_monitor: stationOrInventory,
};

function stationOrInventory(search: URLSearchParams): string {
  const id = Number(search.get('stationId'));
  return Number.isInteger(id) && id > 0 ? `/stationDetails?stationId=${id}` : '/invertory';
}

/**
 * The phone address for a desktop route (or the big screen), null for a route a phone opens as
 * it is. `resolve` finds a report's `_phone` variant.
 */
export function phoneCounterpart(route: RouteDef, search: string, resolve: (name: string) => RouteDef | undefined): string | null {
  if (route.layout !== 'desktop' && route.name !== 'screenfull') return null;
  const counterpart = COUNTERPARTS[route.name];
  if (counterpart) return counterpart(new URLSearchParams(search));
  const variant = route.phoneVariant ? resolve(route.phoneVariant) : undefined;
  if (variant) return variant.path;
  return `${LARGER_SCREEN_PATH}?from=${encodeURIComponent(`${route.path}${search}`)}`;
}
