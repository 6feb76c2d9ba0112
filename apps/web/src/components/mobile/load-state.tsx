import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online-status';

/** What LoadState reads of the query a page waits for. */
interface AwaitedQuery {
  isLoading: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * LoadState's loading, failure and retry from the query a page waits for. `named`: whether the
 * address names what the page shows; an address without it fails at once rather than wait.
 */
export function queryLoad(query: AwaitedQuery, named = true) {
  return { loading: named && query.isLoading, failed: !named || query.isError, onRetry: () => void query.refetch() };
}

interface LoadStateProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Skeleton while the first answer comes, the failure with a retry, or nothing to show. */
export function LoadState({ loading, failed, empty, emptyText, onRetry, children }: LoadStateProps) {
  const { t } = useTranslation();
  const online = useOnline();
  if (loading && !failed) {
    return (
      <div className="m-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      </div>
    );
  }
  if (failed && empty) {
    return (
      <div className="m-card m-state" role="alert" data-testid="load-failed">
        <p>{online ? t('mobile.state.failed') : t('common.error.offlineText')}</p>
        <Button size="large" onClick={onRetry}>
          {t('common.action.retry')}
        </Button>
      </div>
    );
  }
  if (empty) {
    return (
      <div className="m-card m-state" data-testid="empty-state">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  return children;
}
