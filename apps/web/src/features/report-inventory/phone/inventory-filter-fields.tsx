import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { withOrgPick, type InventoryFilters } from '../../../components/report-filters/report-filters-state';
import { ChipGroup } from '../../../components/phone-report/chip-group';

export interface InventoryFilterFieldsProps<F extends InventoryFilters> {
  filters: F;
  onChange: (next: (filters: F) => F) => void;
  /** The days or months. */
  period: ReactNode;
  abnormalLabel: string;
  testId: string;
}

/** The fields of the desktop inventory filter bar, stacked for a phone: organisation, area, tank, product, period, abnormal only. */
export function InventoryFilterFields<F extends InventoryFilters>({ filters, onChange: set, period, abnormalLabel, testId }: InventoryFilterFieldsProps<F>) {
  const { t } = useTranslation();
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId={`${testId}-org`} />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.area')}</span>
        <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId={`${testId}-area`} />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.tank')}</span>
        <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId={`${testId}-tank`} />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.product')}</span>
        <ProductSelect value={filters.productId} onChange={(productId) => set((f) => ({ ...f, productId }))} testId={`${testId}-product`} />
      </label>
      {period}
      <ChipGroup
        label={t('inventory.column.status')}
        value={filters.abnormalOnly}
        onChange={(abnormalOnly) => set((f) => ({ ...f, abnormalOnly }))}
        options={[
          { value: undefined, label: t('mobile.filter.all') },
          { value: 'yes', label: abnormalLabel },
        ]}
        testId={`${testId}-abnormal`}
      />
    </>
  );
}
