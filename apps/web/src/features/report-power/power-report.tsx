import { lazy, Suspense } from 'react';
import type { PowerEventRow } from '@ullage/contracts/power-events';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { exportPowerEvents, listPowerEvents, powerKeys } from './api/power-events';
import { initialPowerFilters, withOrgPick, type PowerFilters } from './power-filters-state';

// The tolerance field's number input is fetched where it is drawn: the phone page loads it with
// its filter sheet, the desktop page with itself (it imports power-filter-controls).
const ToleranceBar = lazy(() => import('./power-filter-controls').then((m) => ({ default: m.PowerToleranceBar })));
const TolerancePhone = lazy(() => import('./power-filter-controls').then((m) => ({ default: m.PowerTolerancePhone })));

/**
 * open_close_report and open_close_report_phone: organisation tree, area, time range of the
 * power-offs, and the tolerance a change is flagged beyond (a number of litres, drawn its own way
 * on each screen). The report has no search.
 */
export const POWER_REPORT: Omit<ReportDeclaration<PowerFilters, PowerEventRow>, 'search'> = {
  filters: [
    { kind: 'org', testId: 'power-filter-org', pick: withOrgPick },
    { kind: 'area', testId: 'power-filter-area' },
    { kind: 'timeRange', testId: 'power-filter-range' },
    {
      kind: 'custom',
      bar: (props) => (
        <Suspense fallback={null}>
          <ToleranceBar {...props} />
        </Suspense>
      ),
      // Keyed by the tolerance: "Clear filters" puts the default back in the field too.
      phone: (props) => <TolerancePhone key={props.filters.toleranceL} {...props} />,
    },
  ],
  initialFilters: initialPowerFilters,
  list: { key: powerKeys.list, fetch: listPowerEvents },
  export: exportPowerEvents,
};
