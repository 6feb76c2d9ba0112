import { lazy, Suspense, useState } from 'react';
import { SilentBoundary } from '../../components/silent-boundary';

const AlarmNoticeDialog = lazy(() => import('./components/alarm-notice-dialog').then((m) => ({ default: m.AlarmNoticeDialog })));

interface LazyAlarmNoticeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Fetches the dialog's chunk the first time it is opened, then keeps it mounted (for its close animation). */
export function LazyAlarmNoticeDialog({ open, onClose }: LazyAlarmNoticeDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <AlarmNoticeDialog open={open} onClose={onClose} />
      </Suspense>
    </SilentBoundary>
  );
}
