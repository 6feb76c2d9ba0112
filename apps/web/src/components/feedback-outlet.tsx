import { lazy, Suspense, useSyncExternalStore } from 'react';
import { feedbackWanted, subscribeFeedbackWanted } from '../lib/feedback';
import { SilentBoundary } from './silent-boundary';

const FeedbackHost = lazy(() => import('./feedback-host').then((m) => ({ default: m.FeedbackHost })));

/** Mounts the toast holders once something asks for them (see lib/feedback). */
export function FeedbackOutlet() {
  const wanted = useSyncExternalStore(subscribeFeedbackWanted, feedbackWanted);
  if (!wanted) return null;
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <FeedbackHost />
      </Suspense>
    </SilentBoundary>
  );
}
