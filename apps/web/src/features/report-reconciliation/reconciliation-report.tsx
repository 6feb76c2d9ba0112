import type { ReactNode } from 'react';
import { SALES_SOURCES } from '@ullage/contracts/list-fields';
import type { ReconciliationRow } from '@ullage/contracts/reconciliation';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { placeFields, type FieldProps, type FilterField } from '../../components/report-filters/filter-fields';
import { withOrgPick } from '../../components/report-filters/report-filters-state';
import { exportReconciliation, listReconciliation, reconciliationKeys } from './api/reconciliation';
import { ReconciliationDaysFields, ReconciliationDaysFilter, ReconciliationPeriodChips, ReconciliationPeriodChoice } from './reconciliation-filter-controls';
import { initialReconciliationFilters, type ReconciliationFilters } from './reconciliation-filters-state';

type Draw = (props: FieldProps<ReconciliationFilters>) => ReactNode;

/** A filter drawn on one screen only, where that screen asks for it: the bar and the phone's sheet order the days and the period differently. */
const onBar = (bar: Draw): FilterField<ReconciliationFilters> => ({ kind: 'custom', bar, phone: () => null });
const onPhone = (phone: Draw): FilterField<ReconciliationFilters> => ({ kind: 'custom', bar: () => null, phone });

const SOURCE_KEYS = { metered: 'reconciliation.source.metered', derived: 'reconciliation.source.derived' } as const;

/**
 * reconciliation and reconciliation_phone: the other reports' place filters, then — the bar —
 * the station days (31 at most), the sales source, day or shift; — the phone's sheet — day or
 * shift, the sales source, the station days. Gross or compensated figures are no filter: each
 * page offers them beside the filters.
 */
export const RECONCILIATION_REPORT: ReportDeclaration<ReconciliationFilters, ReconciliationRow> = {
  filters: [
    ...placeFields<ReconciliationFilters>('recon-filter', withOrgPick),
    onBar((props) => <ReconciliationDaysFilter {...props} />),
    onPhone((props) => <ReconciliationPeriodChips {...props} />),
    {
      kind: 'choice',
      key: 'salesSource',
      label: (t) => t('reconciliation.filter.source'),
      options: (t) => SALES_SOURCES.map((source) => ({ value: source, label: t(SOURCE_KEYS[source]) })),
      testId: 'recon-filter-source',
      widePopup: true,
    },
    onBar((props) => <ReconciliationPeriodChoice {...props} />),
    onPhone((props) => <ReconciliationDaysFields {...props} />),
  ],
  initialFilters: initialReconciliationFilters,
  list: { key: reconciliationKeys.list, fetch: listReconciliation },
  export: exportReconciliation,
  search: { placeholder: 'reconciliation.search', testId: 'recon-search' },
};
