import { lazy, Suspense, useState, type ComponentType } from 'react';
import { SilentBoundary } from './silent-boundary';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * A component whose chunk is fetched the first time `isOpen` says it is shown, then kept
 * mounted (for its close animation). Keeps dialogs and their form code out of the bundle of
 * the route that holds them (DESIGN.md §8 route budget): most visits never open them.
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Component = lazy(() => load().then((component) => ({ default: component })));
  return function LazyWhenOpen(props: P) {
    const [wanted, setWanted] = useState(false);
    if (isOpen(props) && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <SilentBoundary>
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      </SilentBoundary>
    );
  };
}

/** A top-bar dialog with `open`/`onClose`, fetched when first opened. */
export function lazyDialog(load: () => Promise<ComponentType<DialogProps>>): ComponentType<DialogProps> {
  return lazyWhenOpen(load, (props) => props.open);
}
