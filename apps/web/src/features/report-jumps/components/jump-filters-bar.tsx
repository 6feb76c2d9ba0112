import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { JUMP_RULES } from '@ullage/domain/data-jumps';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { TimeRangeFilter } from '../../../components/report-filters/time-range-filter';
import { jumpRuleLabel } from '../jump-explanation';
import type { JumpFilters } from '../jump-filters-state';

interface JumpFiltersBarProps {
  filters: JumpFilters;
  onOrgPick: (pick: Pick<JumpFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onRange: (range: readonly [Date, Date] | null) => void;
  onFilter: <K extends keyof JumpFilters>(key: K, value: JumpFilters[K]) => void;
}

/** Organisation tree, area, tank (of the picked station), product, rule, time range. */
export function JumpFiltersBar({ filters, onOrgPick, onRange, onFilter }: JumpFiltersBarProps) {
  const { t } = useTranslation();
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="jump-filter-org" />
      <AreaSelect value={filters.areaId} onChange={(value) => onFilter('areaId', value)} org={filters} testId="jump-filter-area" />
      <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(value) => onFilter('tankId', value)} testId="jump-filter-tank" />
      <ProductSelect value={filters.productId} onChange={(value) => onFilter('productId', value)} testId="jump-filter-product" />
      <Select
        className="report-filter report-filter--wide"
        value={filters.rule}
        onChange={(value: JumpFilters['rule']) => onFilter('rule', value)}
        options={JUMP_RULES.map((rule) => ({ value: rule, label: jumpRuleLabel(t, rule) }))}
        placeholder={t('report.jumps.filter.rule')}
        aria-label={t('report.jumps.filter.rule')}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="jump-filter-rule"
      />
      <TimeRangeFilter from={filters.from} to={filters.to} onChange={onRange} testId="jump-filter-range" />
    </>
  );
}
