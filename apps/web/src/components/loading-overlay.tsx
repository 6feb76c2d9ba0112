import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { pendingLoads, subscribeLoading } from '../lib/loading-store';
import { SilentBoundary } from './silent-boundary';

const LoadingSpin = lazy(() => import('./loading-spin').then((m) => ({ default: m.LoadingSpin })));

/** Calls quicker than this never show the overlay, so fast answers do not flash the screen. */
const SHOW_AFTER_MS = 300;

/** Spec §7: a loading overlay with localised text while calls run (the Spin loads on first use). */
export function LoadingOverlay() {
  const pending = useSyncExternalStore(subscribeLoading, pendingLoads);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);
  if (!visible) return null;
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <LoadingSpin />
      </Suspense>
    </SilentBoundary>
  );
}
