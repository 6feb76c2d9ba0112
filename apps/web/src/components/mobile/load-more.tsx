import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';

interface LoadMoreProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}

/** "12 of 40 shown" and a full-width button for the next page: lists grow as the thumb asks. */
export function LoadMore({ shown, total, hasMore, loading, onMore }: LoadMoreProps) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <div className="m-more">
      <p className="m-more__count" data-testid="list-count">
        {t('mobile.list.shown', { shown, total })}
      </p>
      {hasMore ? (
        <Button block size="large" loading={loading} onClick={onMore} data-testid="load-more">
          {t('mobile.list.more')}
        </Button>
      ) : null}
    </div>
  );
}
