import { lazyDialog } from '../../components/lazy-dialog';
import { loadLocaleBundles } from '../../i18n/i18n';

export const LazyAlarmNoticeDialog = lazyDialog(() =>
  // The dialog names the alarm kinds in the monitor's words; its push column and device list are the push bundle's.
  Promise.all([import('./components/alarm-notice-dialog'), loadLocaleBundles(['monitor', 'push'])]).then(([m]) => m.AlarmNoticeDialog),
);
