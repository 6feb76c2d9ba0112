/**
 * Response codes of spec §8, with the meaning Ullage gives each (docs/api.md). The client
 * decides what to show from these; the HTTP status only helps proxies and logs.
 */
export const CODES = {
  ok: 1000,
  okLegacy: 200,
  okInfo: 100,
  sessionInvalid: 30001,
  loginFailed: 60005,
  captchaInvalid: 60008,
  oldPasswordWrong: 60009,
  notFound: 80001,
  forbidden: 80003,
  conflict: 80006,
  inUse: 80007,
  locked: 80008,
  validation: 91011,
  internal: 500,
  /** The database is unreachable for a moment: try again (devices resend). HTTP 503 with Retry-After. */
  unavailable: 503,
} as const;
export type Code = (typeof CODES)[keyof typeof CODES];

export const SUCCESS_CODES: readonly number[] = [CODES.ok, CODES.okLegacy, CODES.okInfo];

/** Codes whose server message the client shows as is (spec §8). */
export const SERVER_MESSAGE_CODES: readonly number[] = [60008, 91011, 80006, 80003, 80007, 80008, 80001, 60009];

export const HTTP_STATUS_OF: Record<number, number> = {
  [CODES.sessionInvalid]: 401,
  [CODES.notFound]: 404,
  [CODES.forbidden]: 403,
  [CODES.conflict]: 409,
  [CODES.inUse]: 409,
  [CODES.locked]: 429,
  [CODES.validation]: 400,
  [CODES.internal]: 500,
  [CODES.unavailable]: 503,
};
