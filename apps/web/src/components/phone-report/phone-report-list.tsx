import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterField, PlaceFilters } from '../report-filters/filter-fields';
import type { ReportDeclaration } from '../report/report-declaration';
import { changedFilterCount } from './filter-count';
import { listQueryOf } from './filter-query';
import { FilterSheet } from './filter-sheet';
import type { PhoneFilterFieldsProps } from './phone-filter-fields';
import { PhoneListBody } from './phone-list-body';
import { SearchBox } from './search-box';
import { usePhonePages } from './use-phone-pages';

// The fields load with the sheet, not with the page.
const LazyFields = lazy(() => import('./phone-filter-fields').then((m) => ({ default: m.PhoneFilterFields as ComponentType<PhoneFilterFieldsProps<PlaceFilters>> })));

type Filters = PlaceFilters & Record<string, string | number | undefined>;

interface PhoneReportListProps<F extends Filters, Row> {
  report: ReportDeclaration<F, Row>;
  /** The cards' list's test id. */
  testId: string;
  /** Between the toolbar and the cards: a note, a legend. */
  note?: ReactNode;
  /** Above the cards once there are some: a count. */
  header?: (total: number) => ReactNode;
  card: (row: Row) => ReactNode;
}

/**
 * A report on a phone, from its declaration: search and the filter sheet above, the same list
 * endpoint a page of cards at a time below.
 */
export function PhoneReportList<F extends Filters, Row>({ report, testId, note, header, card }: PhoneReportListProps<F, Row>) {
  const { t } = useTranslation();
  const [initial] = useState(() => report.initialFilters());
  const [filters, setFilters] = useState<F>(initial);
  const [q, setQ] = useState('');
  const { pages, rows, total } = usePhonePages(report.list.key, report.list.fetch, listQueryOf(filters, q));
  const fields = { fields: report.filters as readonly FilterField<PlaceFilters>[], filters, set: setFilters as unknown as PhoneFilterFieldsProps<PlaceFilters>['set'] };
  return (
    <>
      <div className="m-toolbar m-toolbar--row">
        <SearchBox placeholder={t(report.search.placeholder)} onSearch={setQ} testId={report.search.testId} />
        <FilterSheet count={changedFilterCount(filters, initial)} onClear={() => setFilters(initial)}>
          <LazyFields {...fields} />
        </FilterSheet>
      </div>
      {note}
      <PhoneListBody pages={pages} shown={rows.length} total={total} header={header?.(total)} testId={testId}>
        {rows.map(card)}
      </PhoneListBody>
    </>
  );
}
