import { useMemo } from 'react';
import { useMonitorOverview } from '../../../lib/monitor-overview';

/**
 * Each company's volume unit (spec §9), from the monitor overview's stations, so that a group
 * without deliveries in the range still reads "0 gal" in a company that counts in gallons.
 */
export function useCompanyUnits(): (companyId: number | undefined) => number | null {
  const overview = useMonitorOverview();
  const units = useMemo(() => new Map((overview.data?.stations ?? []).map((s) => [s.companyId, s.volumeUnit])), [overview.data]);
  return (companyId) => (companyId === undefined ? null : (units.get(companyId) ?? null));
}
