import { useMemo } from 'react';
import type { StationSummary } from '@ullage/contracts/monitor';
import { useMonitorOverview } from '../../lib/monitor-overview';
import { useStationPlaces } from './api/station-places';
import type { StationPlace } from './groups';

export interface PlacedStation {
  station: StationSummary;
  place: StationPlace;
}

/**
 * The live figures of every station (monitor overview, refreshed every 30 s) with where each
 * sits (station list: company and area ids).
 */
export function useInventory() {
  const overview = useMonitorOverview();
  const places = useStationPlaces();
  const stations = useMemo<PlacedStation[] | undefined>(() => {
    if (!overview.data || !places.data) return undefined;
    const byId = new Map(places.data.map((p) => [p.id, p]));
    return overview.data.stations.map((station) => ({
      station,
      // A station created after the list was fetched: its company is known, its area by name only.
      place: byId.get(station.id) ?? { id: station.id, name: station.name, code: station.code, companyId: station.companyId, companyName: station.companyName, areaId: null, areaName: station.areaName },
    }));
  }, [overview.data, places.data]);
  return {
    stations,
    loading: stations === undefined && !overview.isError && !places.isError,
    failed: overview.isError || places.isError,
    retry: () => {
      void overview.refetch();
      void places.refetch();
    },
    updatedAt: overview.dataUpdatedAt,
  };
}
