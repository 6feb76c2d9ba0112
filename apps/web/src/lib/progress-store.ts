/**
 * State of the navigation progress bar (spec §2: a progress bar, no spinner). Page and
 * layout chunks report while they load; a route change with nothing to load still gives
 * a short pulse so the user sees the click was taken.
 */
type Listener = () => void;

export interface ProgressState {
  /** Chunks still loading. */
  loading: number;
  /** Bumped on every route change. */
  pulse: number;
}

let state: ProgressState = { loading: 0, pulse: 0 };
const listeners = new Set<Listener>();

function set(next: ProgressState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function progressState(): ProgressState {
  return state;
}

export function subscribeProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function trackLoad<T>(promise: Promise<T>): Promise<T> {
  set({ ...state, loading: state.loading + 1 });
  const settle = () => set({ ...state, loading: state.loading - 1 });
  promise.then(settle, settle);
  return promise;
}

export function pulseProgress(): void {
  set({ ...state, pulse: state.pulse + 1 });
}
