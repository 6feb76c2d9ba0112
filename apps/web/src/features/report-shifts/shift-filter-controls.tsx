import Select from 'antd/es/select';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../components/report-filters/filter-fields';
import { TankSelect } from '../../components/report-filters/tank-select';
import { useCompanyAreas } from '../../lib/area-options';
import { useProductOptions } from '../../lib/product-options';
import { outOfRange, withDays, type ShiftFilters } from './shift-filters-state';
import { LazyRangePicker } from '../../components/lazy-picker/lazy-picker';

/**
 * The shift sales filters the declared kinds do not draw (shift-report.tsx): the areas of the
 * picked company, the tanks of the picked station and the products with the report's own texts,
 * and the station days (at most 31).
 */
type Props = FieldProps<ShiftFilters>;

const DAY = 'YYYY-MM-DD';

export function ShiftAreaFilter({ filters, set }: Props) {
  const { t } = useTranslation();
  const areas = useCompanyAreas(filters.companyId);
  return (
    <Select
      className="report-filter"
      value={filters.areaId}
      onChange={(value: number | undefined) => set((f) => ({ ...f, areaId: value }))}
      options={(areas.data?.list ?? []).map((area) => ({ value: area.id, label: area.name }))}
      placeholder={filters.companyId === undefined ? t('shiftSales.filter.areaPickCompany') : t('shiftSales.filter.area')}
      aria-label={t('shiftSales.filter.area')}
      disabled={filters.companyId === undefined}
      allowClear
      data-testid="shift-filter-area"
    />
  );
}

export function ShiftTankFilter({ filters, set }: Props) {
  const { t } = useTranslation();
  return (
    <TankSelect
      stationId={filters.stationId}
      value={filters.tankId}
      onChange={(tankId) => set((f) => ({ ...f, tankId }))}
      texts={{ tank: t('shiftSales.filter.tank'), pickStation: t('shiftSales.filter.tankPickStation') }}
      isolateProducts
      testId="shift-filter-tank"
    />
  );
}

export function ShiftProductFilter({ filters, set }: Props) {
  const { t } = useTranslation();
  const products = useProductOptions(true);
  return (
    <Select
      className="report-filter"
      value={filters.productId}
      onChange={(value: number | undefined) => set((f) => ({ ...f, productId: value }))}
      options={(products.data?.list ?? []).map((product) => ({ value: product.id, label: product.name }))}
      placeholder={t('shiftSales.filter.product')}
      aria-label={t('shiftSales.filter.product')}
      allowClear
      popupMatchSelectWidth={false}
      data-testid="shift-filter-product"
    />
  );
}

export function ShiftDaysFilter({ filters, set }: Props) {
  const { t } = useTranslation();
  const range: [Dayjs, Dayjs] = [dayjs(filters.fromDay, DAY), dayjs(filters.toDay, DAY)];
  return (
    <LazyRangePicker
      className="report-filter shift-filter-days"
      format={DAY}
      value={range}
      allowClear={false}
      disabledDate={(current, info) => outOfRange(current.format(DAY), info.from?.format(DAY))}
      onChange={(values) => {
        const days = values && values[0] && values[1] ? ([values[0].format(DAY), values[1].format(DAY)] as const) : null;
        set((f) => withDays(f, days));
      }}
      placeholder={[t('shiftSales.filter.fromDay'), t('shiftSales.filter.toDay')]}
      aria-label={t('shiftSales.filter.days')}
      data-testid="shift-filter-days"
    />
  );
}
