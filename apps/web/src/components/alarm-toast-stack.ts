/**
 * Which alarm toasts are open, so a burst can be closed at once: each toast's "close all"
 * shows while more than one is open. A tiny store outside React (the toasts are opened from
 * the feed's callback), read with useSyncExternalStore.
 */
type Listener = () => void;

let open: readonly string[] = [];
const listeners = new Set<Listener>();

function set(next: readonly string[]) {
  open = next;
  for (const listener of listeners) listener();
}

export const toastStack = {
  add(key: string) {
    if (!open.includes(key)) set([...open, key]);
  },
  remove(key: string) {
    if (open.includes(key)) set(open.filter((k) => k !== key));
  },
  /** Forgets every key and answers them, for the caller to close. */
  takeAll(): readonly string[] {
    const all = open;
    set([]);
    return all;
  },
  snapshot: () => open,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
