/**
 * Whether this browser believes it is signed in (spec §4: the stored flag `hasLogin`). The
 * session itself is an HttpOnly cookie the page cannot read; getInfo confirms the flag, and
 * a 30001 answer clears it. Components subscribe so that logging in or out re-renders guards.
 */
const HAS_LOGIN_KEY = 'hasLogin';
/** Spec §4 "logout clears ... the current-name marker": the name used to sign in. */
const CURRENT_NAME_KEY = 'currentName';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private mode, policies); then nobody is remembered.
    return null;
  }
}

export function isSignedIn(): boolean {
  return read(HAS_LOGIN_KEY) === 'true';
}

export function currentName(): string | null {
  return read(CURRENT_NAME_KEY);
}

export function markSignedIn(username: string): void {
  try {
    window.localStorage.setItem(HAS_LOGIN_KEY, 'true');
    window.localStorage.setItem(CURRENT_NAME_KEY, username);
  } catch {
    // Without storage the session cookie still works for this page view.
  }
  notify();
}

/** `quiet`: the page is leaving (a full navigation follows); the components need not know. */
export function clearLoginState(options: { quiet?: boolean } = {}): void {
  try {
    window.localStorage.removeItem(HAS_LOGIN_KEY);
    window.localStorage.removeItem(CURRENT_NAME_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  if (!options.quiet) notify();
}

export function subscribeLoginState(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab logging out should sign this one out too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === HAS_LOGIN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
