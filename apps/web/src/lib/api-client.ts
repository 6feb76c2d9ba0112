import type { Envelope } from '@ullage/contracts/envelope';
import { i18n } from '../i18n/i18n';
import { currentApiBase } from './api-base';
import { notifyClosableError, toastError } from './feedback';
import { beginLoading } from './loading-store';
import { clearLoginState } from './login-state';
import { languageHeader } from './request-language';
import { decideOutcome, type OutcomeMessage, type TransportResult } from './response-outcome';

/** The one client every call goes through (spec §7): cookies, timeout, language, overlay, errors. */

export const REQUEST_TIMEOUT_MS = 100_000;
/** How long the end-of-session toast stays readable before the page reloads. */
const SESSION_END_RELOAD_MS = 1500;

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Show the loading overlay while the call runs; background calls (polls, checks on blur) opt out. */
  overlay?: boolean;
  /** Show failure toasts; a caller that reports the failure in place (a form field) opts out. */
  notify?: boolean;
  /**
   * A call that only asks whether a session exists (the CAS return) opts out of spec §8's
   * 30001 handling: reloading there would ask again, for ever.
   */
  endSessionOnInvalid?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Every failed call rejects with this. `code` is the envelope's code when there was one. */
export class ApiError extends Error {
  readonly code: number | null;
  readonly envelope: Envelope | undefined;
  constructor(message: string, code: number | null, envelope?: Envelope) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.envelope = envelope;
  }
}

export function apiUrl(path: string, query?: Query): string {
  const url = `${currentApiBase()}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function messageText(message: OutcomeMessage): string {
  return 'server' in message ? message.server : i18n.t(message.key);
}

let sessionEnding = false;

/** Spec §8 for 30001: say why, forget the local sign-in, reload (once, however many calls fail). */
function endSession(text: string): void {
  if (sessionEnding) return;
  sessionEnding = true;
  clearLoginState();
  notifyClosableError(text, SESSION_END_RELOAD_MS);
  window.setTimeout(() => window.location.reload(), SESSION_END_RELOAD_MS);
}

async function transport(path: string, options: CallOptions): Promise<TransportResult> {
  const controller = new AbortController();
  const timeout = window.setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);
  const headers: Record<string, string> = { Accept: 'application/json', ...languageHeader() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    return { kind: 'http', status: response.status, body };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return controller.signal.aborted ? { kind: 'timeout' } : { kind: 'network' };
  } finally {
    window.clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** Calls `/api...` and resolves with the envelope on a success code; rejects with ApiError otherwise. */
export async function apiCall<T = unknown, I = unknown>(path: string, options: CallOptions = {}): Promise<Envelope<T, I>> {
  const done = options.overlay === false ? () => {} : beginLoading();
  let result: TransportResult;
  try {
    result = await transport(path, options);
  } finally {
    done();
  }
  const outcome = decideOutcome<T, I>(result);
  if (outcome.kind === 'success') return outcome.envelope;
  const text = messageText(outcome.message);
  if (outcome.kind === 'sessionInvalid') {
    if (options.endSessionOnInvalid !== false) endSession(text);
    throw new ApiError(text, outcome.code);
  }
  if (options.notify !== false) toastError(text, outcome.durationMs);
  throw new ApiError(text, outcome.code, outcome.envelope);
}

/** For calls answering 1000/200 with `data`. */
export async function apiData<T>(path: string, options?: CallOptions): Promise<T> {
  const envelope = await apiCall<T>(path, options);
  return envelope.data as T;
}
