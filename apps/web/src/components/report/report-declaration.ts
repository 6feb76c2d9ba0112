import type { ListResult } from '@ullage/contracts/list';
import type { MessageKey } from '../../i18n/message-key';
import type { ListParams } from '../list-page/list-query';
import type { FilterField } from '../report-filters/filter-fields';

/**
 * A report's declaration (issue 37 item 3): what its desktop page and its phone page share,
 * written once in the report's feature — its filters, the filters it opens with, its list call,
 * its export and its search. The desktop page draws the filters as a bar above its table
 * (columns), the phone page as a sheet above its cards; both call the same endpoint with the
 * same query.
 */
export interface ReportDeclaration<F, Row> {
  filters: readonly FilterField<F>[];
  /** The filters a page opens with (and "Clear filters" goes back to): a default period, no pick. */
  initialFilters: () => F;
  list: {
    /** The query key under which both pages cache the list. */
    key: readonly unknown[];
    fetch: (query: ListParams, signal?: AbortSignal) => Promise<ListResult<Row>>;
  };
  /** The filtered rows as .xlsx, in the user's language and the company's units. */
  export?: (query: Record<string, string | number>, fallbackName: string) => Promise<void>;
  search: { placeholder: MessageKey; testId: string };
}
