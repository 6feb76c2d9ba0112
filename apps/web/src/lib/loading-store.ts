/**
 * Reference count of calls that want the loading overlay (spec §7). Concurrent calls share
 * one overlay: it stays up until the last of them settles.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Marks one call as started; the returned function marks it done (idempotent). */
export function beginLoading(): () => void {
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

export function pendingLoads(): number {
  return pending;
}

export function subscribeLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
