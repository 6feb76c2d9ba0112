import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/online-status';

/** Offline, the app's shell still opens (service worker), but every figure needs the server. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className="m-offline" role="status" data-testid="offline-banner">
      <strong>{t('mobile.offline.title')}</strong>
      <span>{t('common.error.offlineText')}</span>
    </div>
  );
}
