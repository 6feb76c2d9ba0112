import { lazy, Suspense, useState, type ComponentType } from 'react';
import { SilentBoundary } from './silent-boundary';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * A dialog whose chunk is fetched the first time it is opened, then kept mounted (for its
 * close animation). Keeps top-bar dialogs out of every route's bundle.
 */
export function lazyDialog(load: () => Promise<ComponentType<DialogProps>>): ComponentType<DialogProps> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog({ open, onClose }: DialogProps) {
    const [wanted, setWanted] = useState(false);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <SilentBoundary>
        <Suspense fallback={null}>
          <Dialog open={open} onClose={onClose} />
        </Suspense>
      </SilentBoundary>
    );
  };
}
