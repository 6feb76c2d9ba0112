import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => document.fullscreenElement !== null;

/** Whether the page fills the screen, and a toggle (browsers allow it only from a click). */
export function useFullscreen(): { active: boolean; supported: boolean; toggle: () => void } {
  const active = useSyncExternalStore(subscribe, isFullscreen);
  const toggle = useCallback(() => {
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    done.catch(() => {
      // Refused (not from a click, or not allowed in a frame): the button simply does nothing.
    });
  }, []);
  return { active, supported: typeof document !== 'undefined' && document.fullscreenEnabled, toggle };
}
