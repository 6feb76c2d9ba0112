/**
 * Small facts carried across one navigation in session storage: where a signed-out visitor
 * wanted to go, and that the login answer said the password is unsafe.
 */
const REDIRECT_KEY = 'redirectAfterLogin';
const PASSWORD_UNSAFE_KEY = 'passwordUnsafe';

function get(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function put(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Losing these only costs a redirect or a reminder.
  }
}

export function rememberRedirect(path: string): void {
  put(REDIRECT_KEY, path);
}

export function rememberedRedirect(): string | null {
  return get(REDIRECT_KEY);
}

export function forgetRedirect(): void {
  put(REDIRECT_KEY, null);
}

export function setPasswordUnsafeFlag(unsafe: boolean): void {
  put(PASSWORD_UNSAFE_KEY, unsafe ? 'true' : null);
}

export function passwordUnsafeFlag(): boolean {
  return get(PASSWORD_UNSAFE_KEY) === 'true';
}
