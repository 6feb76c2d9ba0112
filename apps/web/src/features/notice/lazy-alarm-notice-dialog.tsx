import { lazyDialog } from '../../components/lazy-dialog';
import { loadLocaleBundles } from '../../i18n/i18n';

export const LazyAlarmNoticeDialog = lazyDialog(() =>
  // The dialog names the alarm kinds in the monitor's words.
  Promise.all([import('./components/alarm-notice-dialog'), loadLocaleBundles(['monitor'])]).then(([m]) => m.AlarmNoticeDialog),
);
