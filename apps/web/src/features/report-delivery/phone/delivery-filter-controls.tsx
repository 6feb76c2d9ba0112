import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../../components/phone-report/date-range-fields';
import type { FieldProps } from '../../../components/report-filters/filter-fields';
import { withRange } from '../../../components/report-filters/time-range';
import { useStationTanks } from '../../../lib/station-tanks';
import type { DeliveryFilters } from '../delivery-filters-state';

/** The tank and the start range in the phone's filter sheet (delivery-report.tsx; the desktop's are in components/delivery-filter-controls.tsx). */
type Props = FieldProps<DeliveryFilters>;

export function DeliveryTankField({ filters, set }: Props) {
  const { t } = useTranslation();
  const tanks = useStationTanks(filters.stationId);
  return (
    <label className="m-field">
      <span>{t('delivery.filter.tank')}</span>
      <Select
        size="large"
        value={filters.tankId}
        onChange={(value: number | undefined) => set((f) => ({ ...f, tankId: value }))}
        options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · ${tank.productName}` : tank.code }))}
        placeholder={filters.stationId === undefined ? t('delivery.filter.tankPickStation') : t('delivery.filter.tank')}
        disabled={filters.stationId === undefined}
        allowClear
        data-testid="delivery-filter-tank"
      />
    </label>
  );
}

export function DeliveryRangeFields({ filters, set }: Props) {
  const { t } = useTranslation();
  return <DateRangeFields label={t('delivery.filter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />;
}
