import type { ReactNode } from 'react';
import type { ShiftSalesRow } from '@ullage/contracts/shift-sales';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import type { FieldProps, FilterField } from '../../components/report-filters/filter-fields';
import { shiftKeys } from './api/keys';
import { exportShiftSales, listShiftSales } from './api/shift-sales';
import { ShiftAreaFilter, ShiftDaysFilter, ShiftProductFilter, ShiftTankFilter } from './shift-filter-controls';
import { initialShiftFilters, withOrgPick, type ShiftFilters } from './shift-filters-state';

/** A filter of the desktop's bar only: pay_for_oil has no phone page. */
const onBar = (bar: (props: FieldProps<ShiftFilters>) => ReactNode): FilterField<ShiftFilters> => ({ kind: 'custom', bar, phone: () => null });

/** pay_for_oil: organisation tree, area (of a picked company), tank (of a picked station), product, station days (at most 31). */
export const SHIFT_REPORT: ReportDeclaration<ShiftFilters, ShiftSalesRow> = {
  filters: [
    { kind: 'org', testId: 'shift-filter-org', pick: withOrgPick },
    onBar((props) => <ShiftAreaFilter {...props} />),
    onBar((props) => <ShiftTankFilter {...props} />),
    onBar((props) => <ShiftProductFilter {...props} />),
    onBar((props) => <ShiftDaysFilter {...props} />),
  ],
  initialFilters: initialShiftFilters,
  list: { key: shiftKeys.list, fetch: listShiftSales },
  export: exportShiftSales,
  search: { placeholder: 'shiftSales.search', testId: 'shift-search' },
};
