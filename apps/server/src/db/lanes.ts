import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whom a statement serves, for the embedded database, which runs one statement at a time
 * (pglite-thread.ts): `people` (a page, an export, a sign-in) go before `background` (device
 * reports, the demo's history replay, periodic jobs), so a page answers while a month of
 * history is written (issue 36). PostgreSQL runs statements side by side and has no lanes.
 *
 * The lane travels with the async context (AsyncLocalStorage). Its hooks cost every promise a
 * little, so they are switched on only by the embedded database (`useLanes`): until then
 * `inBackground` just calls its function.
 */
export type Lane = 'people' | 'background';

let store: AsyncLocalStorage<Lane> | null = null;

export function useLanes(): void {
  store ??= new AsyncLocalStorage<Lane>();
}

/** Runs `fn` (and everything it starts) in the background lane. */
export function inBackground<T>(fn: () => T): T {
  return store ? store.run('background', fn) : fn();
}

export function currentLane(): Lane {
  return store?.getStore() ?? 'people';
}
