import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { useStationTanks } from '../../../lib/station-tanks';
import { withOrgPick, withRange, type DeliveryFilters } from '../delivery-filters-state';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { DateRangeFields } from '../../../components/phone-report/date-range-fields';

export interface DeliveryFilterFieldsProps {
  filters: DeliveryFilters;
  onChange: (next: (filters: DeliveryFilters) => DeliveryFilters) => void;
}

/** The fields of the desktop delivery filter bar, stacked for a phone: organisation, tank, range, recorded by, state. */
export function DeliveryFilterFields({ filters, onChange: set }: DeliveryFilterFieldsProps) {
  const { t } = useTranslation();
  const tanks = useStationTanks(filters.stationId);
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="delivery-filter-org" />
      </label>
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
      <DateRangeFields label={t('delivery.filter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />
      <ChipGroup
        label={t('delivery.filter.source')}
        value={filters.source}
        onChange={(source) => set((f) => ({ ...f, source }))}
        options={[
          { value: undefined, label: t('mobile.filter.all') },
          { value: 'detected', label: t('delivery.source.detected') },
          { value: 'device', label: t('delivery.source.device') },
        ]}
        testId="delivery-filter-source"
      />
      <ChipGroup
        label={t('delivery.filter.state')}
        value={filters.state}
        onChange={(state) => set((f) => ({ ...f, state }))}
        options={[
          { value: undefined, label: t('mobile.filter.all') },
          { value: 'ended', label: t('delivery.state.ended') },
          { value: 'open', label: t('delivery.state.open') },
        ]}
        testId="delivery-filter-state"
      />
    </>
  );
}
