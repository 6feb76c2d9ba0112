import { lazyDialog } from '../../components/lazy-dialog';

export const LazyAlarmNoticeDialog = lazyDialog(() => import('./components/alarm-notice-dialog').then((m) => m.AlarmNoticeDialog));
