import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../mobile/load-more';
import { LoadState } from '../mobile/load-state';

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
  children: ReactNode;
}

/** A report's cards with the phone's loading, failure and empty states, and "show more". */
export function PhoneListBody({ pages, shown, total, header, testId, children }: PhoneListBodyProps) {
  const { t } = useTranslation();
  return (
    <LoadState loading={pages.isLoading} failed={pages.isError} empty={shown === 0} emptyText={t('mobile.report.none')} onRetry={() => void pages.refetch()}>
      {header}
      <div className="m-list" data-testid={testId}>
        {children}
      </div>
      <LoadMore shown={shown} total={total} hasMore={pages.hasNextPage} loading={pages.isFetchingNextPage} onMore={() => void pages.fetchNextPage()} />
    </LoadState>
  );
}
