import { useTranslation } from 'react-i18next';
import type { DailyFilters } from '../../../components/report-filters/report-filters-state';
import { InventoryFilterFields } from './inventory-filter-fields';
import { PeriodFields } from '../../../components/phone-report/period-fields';

export interface DailyFilterFieldsProps {
  filters: DailyFilters;
  onChange: (next: (filters: DailyFilters) => DailyFilters) => void;
}

/** abnormal_can's filters on a phone: the inventory fields with station days (at most 31). */
export function DailyFilterFields({ filters, onChange }: DailyFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <InventoryFilterFields
      filters={filters}
      onChange={onChange}
      testId="daily-filter"
      abnormalLabel={t('inventory.filter.abnormalDays')}
      period={
        <PeriodFields
          kind="day"
          label={t('inventory.filter.days')}
          first={filters.fromDay}
          last={filters.toDay}
          onChange={(fromDay, toDay) => onChange((f) => ({ ...f, fromDay, toDay }))}
          testId="daily-filter-days"
        />
      }
    />
  );
}
