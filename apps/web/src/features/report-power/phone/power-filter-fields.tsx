import { useState } from 'react';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { POWER_TOLERANCE_MAX_L } from '@ullage/domain/power-events';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { withOrgPick, withRange, type PowerFilters } from '../power-filters-state';
import { DateRangeFields } from '../../../components/phone-report/date-range-fields';

export interface PowerFilterFieldsProps {
  filters: PowerFilters;
  onChange: (next: (filters: PowerFilters) => PowerFilters) => void;
}

/** The fields of the desktop power-off filter bar, stacked for a phone: organisation, area, range, tolerance. */
export function PowerFilterFields({ filters, onChange: set }: PowerFilterFieldsProps) {
  const { t } = useTranslation();
  // As on the desktop: the tolerance applies when the user is done typing, not on each key.
  const [tolerance, setTolerance] = useState<number | null>(filters.toleranceL);
  const commit = () => {
    if (tolerance !== null && tolerance !== filters.toleranceL) set((f) => ({ ...f, toleranceL: tolerance }));
    if (tolerance === null) setTolerance(filters.toleranceL);
  };
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="power-filter-org" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.area')}</span>
        <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId="power-filter-area" />
      </label>
      <DateRangeFields label={t('reportFilter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />
      <label className="m-field">
        <span>{t('power.filter.tolerance')}</span>
        <InputNumber<number>
          size="large"
          min={0}
          max={POWER_TOLERANCE_MAX_L}
          step={10}
          inputMode="decimal"
          value={tolerance}
          onChange={setTolerance}
          onBlur={commit}
          onPressEnter={commit}
          suffix={t('power.filter.litres')}
          className="m-number"
          data-testid="power-filter-tolerance"
        />
      </label>
    </>
  );
}
