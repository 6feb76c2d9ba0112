/**
 * A station's Veeder-Root TLS console settings (issue 9), shared by the station form, the
 * station API and the poller. They apply only to stations of device type `veeder-root-tls`;
 * other stations keep neither.
 */
export const ATG_DEVICE_TYPE = 'veeder-root-tls';

/** Seconds between two polls of a console: the default when the station sets none, and the allowed range. */
export const ATG_POLL_SECONDS_DEFAULT = 60;
export const ATG_POLL_SECONDS_MIN = 10;
export const ATG_POLL_SECONDS_MAX = 3600;

/** The console's optional security code: exactly 6 ASCII letters or digits. */
export const ATG_SECURITY_CODE_LENGTH = 6;
export const ATG_SECURITY_CODE_PATTERN = /^[A-Za-z0-9]{6}$/;

export function isValidAtgPollSeconds(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds >= ATG_POLL_SECONDS_MIN && seconds <= ATG_POLL_SECONDS_MAX;
}

export function isValidAtgSecurityCode(code: string): boolean {
  return ATG_SECURITY_CODE_PATTERN.test(code);
}

/** The interval the poller uses: the station's own, or the default when it has none. */
export function atgPollSecondsOf(station: { atgPollSeconds: number | null | undefined }): number {
  return station.atgPollSeconds ?? ATG_POLL_SECONDS_DEFAULT;
}
