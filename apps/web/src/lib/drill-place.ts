/**
 * Where a drill-down page is, as its query string says: the company, area, station and tank
 * chosen on the pages before, and the delivery range. Kept in the address so that a reload,
 * a shared link or the back button lands on the same place. Shared: the alarm and delivery
 * cards of the phone reports link into the drill-down pages too.
 */
export interface DrillPlace {
  companyId?: number;
  /** NO_AREA for the stations of a company that belong to no area. */
  areaId?: number;
  stationId?: number;
  tankId?: number;
  /** A delivery (deliveryDetail), with its start, which finds it in the list endpoint. */
  id?: number;
  at?: string;
  /** The delivery range [from, to), ISO instants. */
  from?: string;
  to?: string;
}

/** The area of stations that belong to none (area ids start at 1). */
export const NO_AREA = 0;

const ID_KEYS = ['companyId', 'areaId', 'stationId', 'tankId', 'id'] as const;
const TIME_KEYS = ['at', 'from', 'to'] as const;
const ORDER = ['companyId', 'areaId', 'stationId', 'tankId', 'id', 'at', 'from', 'to'] as const;

/** Whole numbers only; areaId may be NO_AREA, every other id is positive. */
function idOf(key: (typeof ID_KEYS)[number], raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const value = Number(raw);
  if (value === NO_AREA && key !== 'areaId') return undefined;
  return value;
}

function timeOf(raw: string | null): string | undefined {
  if (!raw || Number.isNaN(Date.parse(raw))) return undefined;
  return new Date(raw).toISOString();
}

/** The place a query string names; anything malformed is left out rather than guessed. */
export function parseDrill(search: string): DrillPlace {
  const params = new URLSearchParams(search);
  const place: DrillPlace = {};
  for (const key of ID_KEYS) {
    const value = idOf(key, params.get(key));
    if (value !== undefined) place[key] = value;
  }
  for (const key of TIME_KEYS) {
    const value = timeOf(params.get(key));
    if (value !== undefined) place[key] = value;
  }
  return place;
}

/** `path?companyId=…&from=…`, keys in a fixed order so the same place is the same address. */
export function drillHref(path: string, place: DrillPlace): string {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = place[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
