import type { FieldProps } from '../../../components/report-filters/filter-fields';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { TimeRangeFilter } from '../../../components/report-filters/time-range-filter';
import { withRange } from '../../../components/report-filters/time-range';
import type { DeliveryFilters } from '../delivery-filters-state';

/** The tank and the start range on the desktop's filter bar (delivery-report.tsx; the phone's are in phone/delivery-filter-controls.tsx). */
type Props = FieldProps<DeliveryFilters>;

export function DeliveryTankBar({ filters, set }: Props) {
  return <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId="delivery-filter-tank" />;
}

export function DeliveryRangeBar({ filters, set }: Props) {
  return <TimeRangeFilter from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} testId="delivery-filter-range" />;
}
