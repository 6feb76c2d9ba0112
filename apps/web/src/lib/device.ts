import { isMobileUserAgent } from '@ullage/domain/user-agent';

/**
 * Spec §2: a mobile device is recognised from the browser identity and recorded as
 * `isMobile` in session storage, so one tab keeps one layout even if the window is resized.
 */
const IS_MOBILE_KEY = 'isMobile';
export { isMobileUserAgent };

/** Reads the stored answer, detecting and storing it on the first call of the session. */
export function isMobileSession(): boolean {
  try {
    const stored = window.sessionStorage.getItem(IS_MOBILE_KEY);
    if (stored === 'true' || stored === 'false') return stored === 'true';
    const detected = isMobileUserAgent(window.navigator.userAgent);
    window.sessionStorage.setItem(IS_MOBILE_KEY, String(detected));
    return detected;
  } catch {
    return isMobileUserAgent(window.navigator.userAgent);
  }
}
