import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { useStationTanks } from '../../../lib/station-tanks';
import { useCompanyAreas } from '../../../lib/area-options';
import { useProductOptions } from '../../../lib/product-options';
import { outOfRange, type ShiftFilters } from '../shift-filters-state';
import { LazyRangePicker } from '../../../components/lazy-picker/lazy-picker';

interface ShiftFiltersBarProps {
  filters: ShiftFilters;
  onOrgPick: (pick: Pick<ShiftFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onDays: (days: readonly [string, string] | null) => void;
  onFilter: <K extends keyof ShiftFilters>(key: K, value: ShiftFilters[K]) => void;
}

const DAY = 'YYYY-MM-DD';

/** Organisation tree, area (of a picked company), tank (of a picked station), product, days (at most 31). */
export function ShiftFiltersBar({ filters, onOrgPick, onDays, onFilter }: ShiftFiltersBarProps) {
  const { t } = useTranslation();
  const tanks = useStationTanks(filters.stationId);
  const areas = useCompanyAreas(filters.companyId);
  const products = useProductOptions(true);
  const range: [Dayjs, Dayjs] = [dayjs(filters.fromDay, DAY), dayjs(filters.toDay, DAY)];
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="shift-filter-org" />
      <Select
        className="report-filter"
        value={filters.areaId}
        onChange={(value: number | undefined) => onFilter('areaId', value)}
        options={(areas.data?.list ?? []).map((area) => ({ value: area.id, label: area.name }))}
        placeholder={filters.companyId === undefined ? t('shiftSales.filter.areaPickCompany') : t('shiftSales.filter.area')}
        aria-label={t('shiftSales.filter.area')}
        disabled={filters.companyId === undefined}
        allowClear
        data-testid="shift-filter-area"
      />
      <Select
        className="report-filter"
        value={filters.tankId}
        onChange={(value: number | undefined) => onFilter('tankId', value)}
        options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: tank.productName ? `${tank.code} · \u2068${tank.productName}\u2069` : tank.code }))}
        placeholder={filters.stationId === undefined ? t('shiftSales.filter.tankPickStation') : t('shiftSales.filter.tank')}
        aria-label={t('shiftSales.filter.tank')}
        disabled={filters.stationId === undefined}
        loading={tanks.isLoading && filters.stationId !== undefined}
        allowClear
        data-testid="shift-filter-tank"
      />
      <Select
        className="report-filter"
        value={filters.productId}
        onChange={(value: number | undefined) => onFilter('productId', value)}
        options={(products.data?.list ?? []).map((product) => ({ value: product.id, label: product.name }))}
        placeholder={t('shiftSales.filter.product')}
        aria-label={t('shiftSales.filter.product')}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="shift-filter-product"
      />
      <LazyRangePicker
        className="report-filter shift-filter-days"
        format={DAY}
        value={range}
        allowClear={false}
        disabledDate={(current, info) => outOfRange(current.format(DAY), info.from?.format(DAY))}
        onChange={(values) => onDays(values && values[0] && values[1] ? [values[0].format(DAY), values[1].format(DAY)] : null)}
        placeholder={[t('shiftSales.filter.fromDay'), t('shiftSales.filter.toDay')]}
        aria-label={t('shiftSales.filter.days')}
        data-testid="shift-filter-days"
      />
    </>
  );
}
