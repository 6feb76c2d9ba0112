import { CODES, SERVER_MESSAGE_CODES, SUCCESS_CODES } from '@ullage/contracts/codes';
import type { Envelope } from '@ullage/contracts/envelope';

/**
 * What the client does with an answer (spec §8), decided without touching the DOM so it can
 * be tested as a table. The API client carries the decision out (toast, logout, reject).
 */

/** What came back from one call, before any interpretation. */
export type TransportResult =
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'http'; status: number; body: unknown };

/** Localised messages the client may show instead of the server's text. */
export type OutcomeMessageKey =
  | 'common.error.network'
  | 'common.error.networkDelayed'
  | 'common.error.requestFailed'
  | 'common.error.notLoggedIn'
  | 'auth.login.wrongCredentials';

export type OutcomeMessage = { server: string } | { key: OutcomeMessageKey };

export const ERROR_TOAST_MS = 3000;

/** 30001: show the message with a close button, forget the local sign-in, reload. */
export interface SessionInvalidOutcome {
  kind: 'sessionInvalid';
  code: number;
  message: OutcomeMessage;
}

/** Any other failure: show the message for `durationMs`, reject the call. */
export interface FailureOutcome {
  kind: 'failure';
  code: number | null;
  message: OutcomeMessage;
  durationMs: number;
  envelope?: Envelope;
}

export type Outcome<T = unknown, I = unknown> =
  | { kind: 'success'; envelope: Envelope<T, I> }
  | SessionInvalidOutcome
  | FailureOutcome;

export function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'number' &&
    typeof ((body as { msg?: unknown }).msg ?? '') === 'string'
  );
}

function serverOr(envelope: Envelope, fallback: OutcomeMessageKey): OutcomeMessage {
  const text = typeof envelope.msg === 'string' ? envelope.msg.trim() : '';
  return text ? { server: text } : { key: fallback };
}

function failure(code: number | null, message: OutcomeMessage, envelope?: Envelope): FailureOutcome {
  return envelope
    ? { kind: 'failure', code, message, durationMs: ERROR_TOAST_MS, envelope }
    : { kind: 'failure', code, message, durationMs: ERROR_TOAST_MS };
}

export function decideOutcome<T = unknown, I = unknown>(result: TransportResult): Outcome<T, I> {
  if (result.kind === 'network' || result.kind === 'timeout') {
    return failure(null, { key: 'common.error.network' });
  }
  // A gateway in front of the server answers 502 with its own page, not an envelope.
  if (result.status === 502) return failure(null, { key: 'common.error.networkDelayed' });
  // The server sends an envelope with non-2xx statuses too (401 for 30001, 400 for 91011…),
  // so the body decides, whatever the status.
  const body = result.body;
  if (!isEnvelope(body)) return failure(null, { key: 'common.error.requestFailed' });
  const code = body.code;
  if (SUCCESS_CODES.includes(code)) return { kind: 'success', envelope: body as Envelope<T, I> };
  if (code === CODES.sessionInvalid) {
    return { kind: 'sessionInvalid', code, message: serverOr(body, 'common.error.notLoggedIn') };
  }
  if (code === CODES.loginFailed) return failure(code, { key: 'auth.login.wrongCredentials' }, body);
  if (SERVER_MESSAGE_CODES.includes(code)) return failure(code, serverOr(body, 'common.error.requestFailed'), body);
  return failure(code, { key: 'common.error.requestFailed' }, body);
}
