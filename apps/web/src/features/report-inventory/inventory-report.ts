import type { DailyInventoryRow, MonthlyInventoryRow } from '@ullage/contracts/inventory-report';
import type { MessageKey } from '../../i18n/message-key';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { placeFields, type ChoiceKey, type FilterField } from '../../components/report-filters/filter-fields';
import {
  initialDailyFilters,
  initialMonthlyFilters,
  withOrgPick,
  type DailyFilters,
  type InventoryFilters,
  type MonthlyFilters,
} from '../../components/report-filters/report-filters-state';
import { exportDailyInventory, exportMonthlyInventory, inventoryKeys, listDailyInventory, listMonthlyInventory } from './api/inventory-reports';
import { DAYS_FIELD, MONTHS_FIELD } from './components/inventory-periods';

/** The inventory reports' filters: organisation tree, area, tank, product, the period, and "abnormal only". */
function inventoryFilters<F extends InventoryFilters>(testId: string, period: FilterField<F>, abnormal: MessageKey): FilterField<F>[] {
  return [
    ...placeFields<F>(testId, withOrgPick),
    period,
    {
      kind: 'toggle',
      // Every F here has it ('yes' or nothing); a generic F hides that from ChoiceKey.
      key: 'abnormalOnly' as ChoiceKey<F>,
      on: 'yes',
      label: (t) => t(abnormal),
      legend: (t) => t('inventory.column.status'),
      testId: `${testId}-abnormal`,
    },
  ];
}

/** abnormal_can and abnormal_can_phone: the tank days of the picked station days (at most 31). */
export const DAILY_REPORT: ReportDeclaration<DailyFilters, DailyInventoryRow> = {
  filters: inventoryFilters('daily-filter', DAYS_FIELD, 'inventory.filter.abnormalDays'),
  initialFilters: initialDailyFilters,
  list: { key: inventoryKeys.daily, fetch: listDailyInventory },
  export: exportDailyInventory,
  search: { placeholder: 'inventory.search', testId: 'daily-search' },
};

/** Monthly and Monthly_phone: the tank months of the picked months (at most 12). */
export const MONTHLY_REPORT: ReportDeclaration<MonthlyFilters, MonthlyInventoryRow> = {
  filters: inventoryFilters('monthly-filter', MONTHS_FIELD, 'inventory.filter.abnormalMonths'),
  initialFilters: initialMonthlyFilters,
  list: { key: inventoryKeys.monthly, fetch: listMonthlyInventory },
  export: exportMonthlyInventory,
  search: { placeholder: 'inventory.search', testId: 'monthly-search' },
};
