import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { progressState, subscribeProgress } from '../lib/progress-store';
import './navigation-progress.css';

type Phase = 'idle' | 'running' | 'finishing';

/** How long the bar takes to fill and fade once the work is done. */
const FINISH_MS = 350;

/**
 * The thin bar at the top of the page during navigation (spec §2). It creeps towards 90%
 * while chunks load and completes when they are in; a route change with nothing to load
 * gives a quick full sweep.
 */
export function NavigationProgress() {
  const { loading, pulse } = useSyncExternalStore(subscribeProgress, progressState);
  const [phase, setPhase] = useState<Phase>('idle');
  const [width, setWidth] = useState(0);
  const firstPulse = useRef(pulse);

  useEffect(() => {
    if (loading > 0) {
      setPhase('running');
      // Start low, also when a sweep was finishing: the bar must not creep backwards.
      setWidth((w) => (w === 0 || w >= 100 ? 8 : w));
      const timer = window.setInterval(() => setWidth((w) => Math.min(90, w + (90 - w) * 0.12)), 200);
      return () => window.clearInterval(timer);
    }
    return undefined;
  }, [loading]);

  useEffect(() => {
    if (loading > 0) return undefined;
    if (phase === 'idle' && pulse === firstPulse.current) return undefined;
    setPhase('finishing');
    setWidth(100);
    const timer = window.setTimeout(() => {
      setPhase('idle');
      setWidth(0);
    }, FINISH_MS);
    return () => window.clearTimeout(timer);
    // `phase` is deliberately left out: finishing must not restart itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, pulse]);

  return (
    <div
      className={`navigation-progress navigation-progress--${phase}`}
      role="progressbar"
      aria-hidden={phase === 'idle'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      data-testid="navigation-progress"
    >
      <div className="navigation-progress__bar" style={{ inlineSize: `${width}%` }} />
    </div>
  );
}
