import { useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ullage/contracts/list';
import type { StationRow } from '@ullage/contracts/settings-more';
import { apiData } from '../../../lib/api-client';
import { isOnline } from '../../../lib/online-status';
import type { StationPlace } from '../groups';
import { mobileKeys } from '../../../lib/mobile-keys';

const PAGE = 200;

/**
 * GET /api/station/list, every page: where each station of the caller's scope sits (company,
 * area with its id). The monitor overview has the live figures but names areas only.
 */
export async function getStationPlaces(signal?: AbortSignal): Promise<StationPlace[]> {
  const places: StationPlace[] = [];
  for (let page = 1; ; page++) {
    const result = await apiData<ListResult<StationRow>>('/api/station/list', {
      query: { page, pageSize: PAGE },
      overlay: false,
      notify: isOnline(),
      ...(signal ? { signal } : {}),
    });
    for (const s of result.list) {
      places.push({ id: s.id, name: s.name, code: s.code, companyId: s.companyId, companyName: s.companyName, areaId: s.areaId, areaName: s.areaName });
    }
    if (result.list.length < PAGE || places.length >= result.total) return places;
  }
}

export function useStationPlaces() {
  return useQuery({ queryKey: mobileKeys.places, queryFn: ({ signal }) => getStationPlaces(signal), staleTime: 5 * 60_000 });
}

/** Where the station a page is about sits; undefined while the places load, or for a station the caller does not see. */
export function useStationPlace(stationId: number | undefined): StationPlace | undefined {
  return useStationPlaces().data?.find((p) => p.id === stationId);
}
