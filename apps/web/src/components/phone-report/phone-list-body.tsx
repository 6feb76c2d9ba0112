import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../mobile/load-more';
import { LoadState, queryLoad } from '../mobile/load-state';

interface PagedQuery {
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

interface PhoneListBodyProps {
  pages: PagedQuery;
  shown: number;
  total: number;
  /** Above the cards once there are some: a count, a legend. */
  header?: ReactNode;
  testId: string;
  /** What the empty list says; a report's "nothing matches" by default. */
  emptyText?: string;
  children: ReactNode;
}

/** A paged list of cards (a report's, the alarms', the deliveries') with the phone's loading, failure and empty states, and "show more". */
export function PhoneListBody({ pages, shown, total, header, testId, emptyText, children }: PhoneListBodyProps) {
  const { t } = useTranslation();
  return (
    <LoadState {...queryLoad(pages)} empty={shown === 0} emptyText={emptyText ?? t('mobile.report.none')}>
      {header}
      <div className="m-list" data-testid={testId}>
        {children}
      </div>
      <LoadMore shown={shown} total={total} hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onMore={() => void pages.fetchNextPage()} />
    </LoadState>
  );
}
