/** The cookie that carries the session token: set at sign-in (password or CAS), read by the auth hook. */
export const SESSION_COOKIE = 'ullage_session';
