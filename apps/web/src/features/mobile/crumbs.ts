import type { TFunction } from 'i18next';
import type { Crumb } from '../../components/mobile/mobile-page';
import { drillHref, NO_AREA, type DrillPlace } from '../../lib/drill-place';
import type { StationPlace } from './groups';

/** The levels above a page, each a link back to its list, the page's own level last. */
export interface Level {
  companyId?: number | undefined;
  companyName?: string | undefined;
  areaId?: number | undefined;
  areaName?: string | null | undefined;
  stationId?: number | undefined;
  stationName?: string | undefined;
  tankId?: number | undefined;
  tankName?: string | undefined;
}

export const areaLabel = (t: TFunction, areaId: number | undefined, name: string | null | undefined) =>
  areaId === NO_AREA || !name ? t('mobile.area.none') : name;

/**
 * The company, area and station levels of a station, from the places list (`station` is
 * undefined while it loads: the crumbs then show only what the address names).
 */
export function stationLevel(station: StationPlace | undefined, stationId: number | undefined, stationName = station?.name): Level {
  return {
    companyId: station?.companyId,
    companyName: station?.companyName,
    areaId: station ? (station.areaId ?? NO_AREA) : undefined,
    areaName: station?.areaName,
    stationId,
    stationName,
  };
}

/** Inventory: everything › company › area › station. */
export function inventoryCrumbs(t: TFunction, level: Level): Crumb[] {
  const crumbs: Crumb[] = [{ label: t('mobile.inventory.all'), href: '/invertory' }];
  if (level.companyId !== undefined) crumbs.push({ label: level.companyName ?? '…', href: drillHref('/areaInvertory', { companyId: level.companyId }) });
  if (level.areaId !== undefined) crumbs.push({ label: areaLabel(t, level.areaId, level.areaName), href: drillHref('/stationInvertory', { companyId: level.companyId, areaId: level.areaId }) });
  if (level.stationId !== undefined) crumbs.push({ label: level.stationName ?? '…' });
  return lastIsHere(crumbs);
}

/** Deliveries: everything › company › area › station › tank (› `here`, one delivery), each keeping the range. */
export function deliveryCrumbs(t: TFunction, level: Level, range: Pick<DrillPlace, 'from' | 'to'>, here?: string): Crumb[] {
  const crumbs: Crumb[] = [{ label: t('mobile.delivery.all'), href: drillHref('/deliveryHistory', range) }];
  if (level.companyId !== undefined) crumbs.push({ label: level.companyName ?? '…', href: drillHref('/deliveryBranches', { companyId: level.companyId, ...range }) });
  if (level.areaId !== undefined) crumbs.push({ label: areaLabel(t, level.areaId, level.areaName), href: drillHref('/deliveryArea', { companyId: level.companyId, areaId: level.areaId, ...range }) });
  if (level.stationId !== undefined) crumbs.push({ label: level.stationName ?? '…', href: drillHref('/deliveryStation', { stationId: level.stationId, ...range }) });
  if (level.tankId !== undefined) crumbs.push({ label: level.tankName ?? '…', href: drillHref('/deliveryTank', { stationId: level.stationId, tankId: level.tankId, ...range }) });
  if (here !== undefined) crumbs.push({ label: here });
  return lastIsHere(crumbs);
}

/** The deepest crumb is the page itself: text, not a link. */
function lastIsHere(crumbs: Crumb[]): Crumb[] {
  const last = crumbs[crumbs.length - 1];
  if (last && crumbs.length > 1) crumbs[crumbs.length - 1] = { label: last.label };
  return crumbs;
}
