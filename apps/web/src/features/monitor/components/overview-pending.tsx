import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/status-panel';

/** Where the overview is not here yet: a skeleton while it loads, or the failure with a retry. */
export function OverviewPending({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return isError ? <StatusPanel title={t('monitor.home.loadFailed')} actionLabel={t('common.action.retry')} onAction={onRetry} /> : <div className="monitor-skeleton" />;
}
