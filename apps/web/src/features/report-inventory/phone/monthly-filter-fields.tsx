import { useTranslation } from 'react-i18next';
import type { MonthlyFilters } from '../../../components/report-filters/report-filters-state';
import { InventoryFilterFields } from './inventory-filter-fields';
import { PeriodFields } from '../../../components/phone-report/period-fields';

export interface MonthlyFilterFieldsProps {
  filters: MonthlyFilters;
  onChange: (next: (filters: MonthlyFilters) => MonthlyFilters) => void;
}

/** Monthly's filters on a phone: the inventory fields with months (at most 12). */
export function MonthlyFilterFields({ filters, onChange }: MonthlyFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <InventoryFilterFields
      filters={filters}
      onChange={onChange}
      testId="monthly-filter"
      abnormalLabel={t('inventory.filter.abnormalMonths')}
      period={
        <PeriodFields
          kind="month"
          label={t('inventory.filter.months')}
          first={filters.fromMonth}
          last={filters.toMonth}
          onChange={(fromMonth, toMonth) => onChange((f) => ({ ...f, fromMonth, toMonth }))}
          testId="monthly-filter-months"
        />
      }
    />
  );
}
