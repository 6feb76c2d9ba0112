import type { ReactNode } from 'react';
import Switch from 'antd/es/switch';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import type { InventoryFilters } from '../../../components/report-filters/report-filters-state';

interface InventoryFiltersBarProps {
  filters: InventoryFilters;
  /** The day or month range picker. */
  period: ReactNode;
  abnormalLabel: string;
  onOrgPick: (pick: Pick<InventoryFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onFilter: <K extends keyof InventoryFilters>(key: K, value: InventoryFilters[K]) => void;
  testId: string;
}

/** Organisation tree, area, tank, product, the period, and "abnormal only". */
export function InventoryFiltersBar({ filters, period, abnormalLabel, onOrgPick, onFilter, testId }: InventoryFiltersBarProps) {
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId={`${testId}-org`} />
      <AreaSelect value={filters.areaId} onChange={(value) => onFilter('areaId', value)} org={filters} testId={`${testId}-area`} />
      <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(value) => onFilter('tankId', value)} testId={`${testId}-tank`} />
      <ProductSelect value={filters.productId} onChange={(value) => onFilter('productId', value)} testId={`${testId}-product`} />
      {period}
      <label className="inventory-abnormal-toggle">
        <Switch size="small" checked={filters.abnormalOnly === 'yes'} onChange={(on) => onFilter('abnormalOnly', on ? 'yes' : undefined)} data-testid={`${testId}-abnormal`} />
        <span>{abnormalLabel}</span>
      </label>
    </>
  );
}
