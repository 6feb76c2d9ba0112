import { useState } from 'react';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { POWER_TOLERANCE_MAX_L } from '@ullage/domain/power-events';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { TimeRangeFilter } from '../../../components/report-filters/time-range-filter';
import type { PowerFilters } from '../power-filters-state';

interface PowerFiltersBarProps {
  filters: PowerFilters;
  onOrgPick: (pick: Pick<PowerFilters, 'distributorId' | 'companyId' | 'stationId'>) => void;
  onRange: (range: readonly [Date, Date] | null) => void;
  onFilter: <K extends keyof PowerFilters>(key: K, value: PowerFilters[K]) => void;
}

/** Organisation tree, area, time range of the power-offs, and the tolerance a change is flagged beyond. */
export function PowerFiltersBar({ filters, onOrgPick, onRange, onFilter }: PowerFiltersBarProps) {
  const { t } = useTranslation();
  // The tolerance is applied when the user is done typing (Enter or leaving the field), not on each key.
  const [tolerance, setTolerance] = useState<number | null>(filters.toleranceL);
  const commitTolerance = () => {
    if (tolerance !== null && tolerance !== filters.toleranceL) onFilter('toleranceL', tolerance);
    if (tolerance === null) setTolerance(filters.toleranceL);
  };
  return (
    <>
      <OrgTreeSelect value={filters} onChange={onOrgPick} testId="power-filter-org" />
      <AreaSelect value={filters.areaId} onChange={(value) => onFilter('areaId', value)} org={filters} testId="power-filter-area" />
      <TimeRangeFilter from={filters.from} to={filters.to} onChange={onRange} testId="power-filter-range" />
      <label className="power-tolerance">
        <span>{t('power.filter.tolerance')}</span>
        <InputNumber<number>
          min={0}
          max={POWER_TOLERANCE_MAX_L}
          step={10}
          value={tolerance}
          onChange={setTolerance}
          onBlur={commitTolerance}
          onPressEnter={commitTolerance}
          suffix={t('power.filter.litres')}
          aria-label={t('power.filter.tolerance')}
          data-testid="power-filter-tolerance"
        />
      </label>
    </>
  );
}
