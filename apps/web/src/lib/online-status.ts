import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it is connected (navigator.onLine and its online/offline events).
 * "Offline" is reliable; "online" only means a network is there, so pages still handle failed
 * calls. Phones lose the network often: pages say so instead of showing stale data as fresh.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
